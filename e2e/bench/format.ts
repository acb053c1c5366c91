/** Plain-text tables and numbers for the bench reports. */

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Columns padded to their widest cell; a column whose header starts with '>' is right-aligned. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const right = headers.map((header) => header.startsWith('>'));
  const titles = headers.map((header) => header.replace(/^>/, ''));
  const widths = titles.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (right[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(titles), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

/** Median (mean of the middle two for an even count) and maximum. */
export function summary(values: readonly number[]): { p50: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const p50 = sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
  return { p50, max: sorted.at(-1) ?? NaN };
}
