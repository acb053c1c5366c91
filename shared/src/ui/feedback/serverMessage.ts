/** What to tell the user about a failed call, without repeating what the one HTTP client already shows. */
import type { HttpQueryError } from '@crm/shared';

function isQueryError(error: unknown): error is HttpQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/**
 * The server's message of a refused call (403, 404, 409, 422 …). null for a 5xx or a network failure
 * (the client has toasted server.error already) and for the 401 lock (it has warned already; the call
 * then fails without a status).
 */
export function refusalMessageOf(error: unknown): string | null {
  if (!isQueryError(error) || typeof error.status !== 'number' || error.status === 401 || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

export function isNotFound(error: unknown): boolean {
  return isQueryError(error) && error.status === 404;
}
