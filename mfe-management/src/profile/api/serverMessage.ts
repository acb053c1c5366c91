import type { HttpQueryError } from '@crm/shared';

function isHttpQueryError(error: unknown): error is HttpQueryError {
  return typeof error === 'object' && error !== null && 'status' in error && 'data' in error;
}

/**
 * The server's message of a 4xx answer, for a toast. Nothing for a 500 or a failed connection (the one
 * HTTP client already toasts server.error) nor for a 401 (it warns and signs out).
 */
export function clientErrorMessage(error: unknown): string | null {
  if (!isHttpQueryError(error) || typeof error.status !== 'number' || error.status >= 500) return null;
  const message = (error.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}
