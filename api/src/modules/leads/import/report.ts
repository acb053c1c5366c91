/** The counts of an import (the dry run's answer and the job's result), kept as rows are decided. */
import type { ImportReport } from '@crm/shared/contract';
import type { RowRefusal } from './schema.ts';

export function emptyReport(): ImportReport {
  return { rows: 0, valid: 0, invalid: {}, duplicates: 0, blacklisted: 0, blank_lines: 0 };
}

/** Adds a batch's outcomes: rows accepted, rows refused, and blank lines skipped (counted, stored nowhere). */
export function countOutcomes(report: ImportReport, accepted: number, refused: readonly Pick<RowRefusal, 'reason'>[], blankLines = 0): void {
  report.rows += accepted + refused.length + blankLines;
  report.valid += accepted;
  report.blank_lines += blankLines;
  for (const { reason } of refused) report.invalid[reason] = (report.invalid[reason] ?? 0) + 1;
  report.duplicates = report.invalid.DUPLICATE ?? 0;
  report.blacklisted = report.invalid.BLACKLISTED ?? 0;
}

/** Rows stored as failed leads. */
export const refusedRows = (report: ImportReport): number => report.rows - report.valid - report.blank_lines;

const plural = (count: number, word: string) => `${count.toLocaleString('en')} ${word}${count === 1 ? '' : 's'}`;

/** The notification's text: what became of the rows. */
export function reportSummary(report: ImportReport): string {
  const other = refusedRows(report) - report.duplicates - report.blacklisted;
  const reasons: [number, string][] = [
    [report.duplicates, 'duplicate'],
    [report.blacklisted, 'blacklisted'],
    [other, 'invalid'],
  ];
  const refused = reasons.filter(([count]) => count > 0).map(([count, word]) => `${count.toLocaleString('en')} ${word}`);
  const tail = refused.length > 0 ? ` Refused (stored as failed leads): ${refused.join(', ')}.` : '';
  const blank = report.blank_lines > 0 ? ` Skipped: ${plural(report.blank_lines, 'blank line')}.` : '';
  return `${plural(report.valid, 'lead')} imported from ${plural(report.rows, 'row')}.${tail}${blank}`;
}
