/** PostgreSQL's error codes (SQLSTATE) as the API reads them, also when Drizzle wraps the driver's error in `cause`. */

export const pgUniqueViolation = '23505';
export const pgForeignKeyViolation = '23503';
/** What a delete of a row still referenced `on delete restrict` raises (`no action` raises the foreign key violation). */
export const pgRestrictViolation = '23001';

/** The SQLSTATE of a database error, or undefined for any other error. */
export function pgErrorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

/** The column a constraint error names in its detail ('Key (source_id)=(9) is not present …'), or '_'. */
export function pgErrorColumn(error: unknown): string {
  const detail = (error as { detail?: unknown } | null)?.detail ?? (error as { cause?: { detail?: unknown } } | null)?.cause?.detail;
  return (typeof detail === 'string' && /Key \((\w+)[,)]/.exec(detail)?.[1]) || '_';
}
