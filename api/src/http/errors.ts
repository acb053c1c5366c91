import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error with an HTTP status and a message meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const noPermission = () => new HttpError(403, 'No permission');
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found.`);

/** A 422 naming the fields at fault, Laravel style: `{ message, errors: { field: [message] } }`. */
export function invalid(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError(422, first, errors);
}

/** Throws the 422 of `invalid` when there is any error. */
export function invalidUnlessEmpty(errors: Record<string, string[]>): void {
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

type ValidationIssue = { instancePath: string; message?: string; params?: Record<string, unknown> };

function fieldOf(issue: ValidationIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const unknownKeys = issue.params?.['keys'];
  if (Array.isArray(unknownKeys) && unknownKeys.length > 0) return [path, String(unknownKeys[0])].filter(Boolean).join('.');
  return path || '_';
}

function messageOf(issue: ValidationIssue, field: string): string {
  const message = issue.message ?? 'is invalid';
  // An unknown field keeps its key as sent: it is the client's own name for it.
  if (message.startsWith('Unrecognized key')) return `The ${field} field is not allowed.`;
  return message;
}

export function validationErrors(issues: readonly ValidationIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    // Own keys only: an unknown field named `constructor` or `toString` must not reach Object.prototype's.
    const messages = Object.hasOwn(errors, field) ? errors[field] : undefined;
    if (messages) messages.push(messageOf(issue, field));
    else errors[field] = [messageOf(issue, field)];
  }
  return errors;
}

/** One error policy: clear 4xx for the client's mistakes, a bare 500 (logged, never a stack) for ours. */
export function handleError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    return reply.status(error.statusCode).send(body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = validationErrors(error.validation);
    return reply.status(422).send({ message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.status(500).send({ message: 'Server Error' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.name === 'SyntaxError' ? 'The request body is not valid JSON.' : error.message;
    return reply.status(status).send({ message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ message: 'Server Error' });
}
