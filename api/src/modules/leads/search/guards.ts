/** Input checks the schemas do not make but PostgreSQL needs: it refuses NUL in text, which would otherwise be a 500. */
import { invalid } from '../../../http/errors.ts';

const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) ? value.some(hasNul) : false;

/** Throws a 422 naming every field (query parameter or body field) whose text holds a NUL character. */
export function rejectNul(values: Readonly<Record<string, unknown>>): void {
  const fields = Object.entries(values).filter(([, value]) => hasNul(value)).map(([field]) => field);
  if (fields.length > 0) throw invalid(Object.fromEntries(fields.map((field) => [field, [`The ${field.replaceAll('_', ' ')} may not contain NUL characters.`]])));
}
