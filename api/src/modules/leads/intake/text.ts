/** Database error codes, as the intake and blacklist code reads them. */

export const pgUniqueViolation = '23505';

/** The SQLSTATE of a database error, also when Drizzle wraps it in `cause`. */
export function errorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}
