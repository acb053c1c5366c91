/** Small guards shared by the intake, blacklist and failed-lead code. */
import { invalid } from '../../../http/errors.ts';

export const pgUniqueViolation = '23505';

/** The SQLSTATE of a database error, also when Drizzle wraps it in `cause`. */
export function errorCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown } | null)?.code;
  if (typeof direct === 'string') return direct;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' ? cause : undefined;
}

/** PostgreSQL text (and jsonb) cannot hold U+0000: such input would fail in the database as a 500. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  return false;
}

/** The fields (of a flat record) that contain U+0000, each with a message. */
export function nulErrors(fields: Readonly<Record<string, unknown>>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(fields)) if (containsNul(value)) errors[field] = [`The ${field.replaceAll('_', ' ')} may not contain NUL characters.`];
  return errors;
}

/** A 422 naming the fields that contain U+0000, if any. */
export function assertNoNul(fields: Readonly<Record<string, unknown>>): void {
  const errors = nulErrors(fields);
  if (Object.keys(errors).length > 0) throw invalid(errors);
}
