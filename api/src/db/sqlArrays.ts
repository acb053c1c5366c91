/**
 * Columns sent as one PostgreSQL array literal each: the bulk statements' parameters (as seed/demo does; building the
 * literals here is several times faster than node-postgres' generic array path).
 */
export type Cell = string | number | boolean | Date | null | undefined;

const needsEscape = /["\\]/;

/** One element of an array literal; `Date`s travel as ISO text and are cast on the server. */
export function literalElement(value: Cell): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return `"${needsEscape.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return `"${value.toISOString()}"`;
  return String(value);
}

/** A whole column as one array literal. */
export function columnLiteral(values: readonly Cell[]): string {
  return `{${values.map(literalElement).join(',')}}`;
}

/** A column from elements already made (see write.ts: they are made while the previous batch commits). */
export function literalOf(elements: readonly string[]): string {
  return `{${elements.join(',')}}`;
}
