/**
 * What every `/api/v1` operation shares: the `X-Api-Key` (and its allowed addresses) checked before the body is read,
 * refusals answered as `{ status: 'refused', reason, message }` (even for a body that is not JSON or too large), and
 * every call written to the request log with the key and secrets masked. Operations register inside
 * `affiliatePublicApi` and read their caller with `callerOf`.
 */
import type { FastifyError, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AffiliateLeadRefused, AffiliateRefusalReason } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import type { Listen } from '../../db/listen.ts';
import { Batcher } from '../../db/batcher.ts';
import { handleError, validationErrors } from '../../http/errors.ts';
import { ipAllowed } from '../../net/allowedIps.ts';
import { inboundCall, recordRequests, type RequestToRecord } from '../requests/service.ts';
import { keysForCalls, markKeyUsed } from './keys.ts';
import { rateExceeded, rateWindowOf } from './rateLimit.ts';

export type AffiliateCaller = { keyId: number; affiliateCompanyId: number; sourceId: number };

/** A refusal thrown before or inside a handler, answered by the error handler below. */
export class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: AffiliateRefusalReason,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

const refused = (reason: AffiliateRefusalReason, message: string, errors?: Record<string, string[]>): AffiliateLeadRefused =>
  errors ? { status: 'refused', reason, message, errors } : { status: 'refused', reason, message };

/** A lead is a few hundred bytes; 16 KB leaves room for long comments and refuses floods of bytes early. */
export const bodyLimit = 16 * 1024;

/**
 * How the API's per-call work is batched (key look-up, intake, request log): group commit, a lone call waiting 2 ms for
 * others so that many clients make batches of several calls, and a failed batch retried call by call.
 */
export const callBatching = { maxWaitMs: 'while-busy', gatherMs: 2, retrySingly: true } as const;

const bodyErrors: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: `The body is larger than ${bodyLimit} bytes.`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The body must be JSON (content-type: application/json).',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty.',
};

/** The first of a schema refusal's per-field messages: the answer's `message` (and a kept failed lead's). */
export function refusalMessage(error: unknown): string {
  const errors = hasZodFastifySchemaValidationErrors(error) ? validationErrors(error.validation) : {};
  return Object.values(errors)[0]?.[0] ?? 'The request is not valid.';
}

function answerError(error: FastifyError | Refusal, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof Refusal) return reply.status(error.statusCode).headers(error.headers).send(refused(error.reason, error.message));
  if (hasZodFastifySchemaValidationErrors(error)) return reply.status(422).send(refused('INVALID', refusalMessage(error), validationErrors(error.validation)));
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return reply.status(status).send(refused('INVALID', bodyErrors[error.code] ?? 'The body is not valid JSON, or holds a "__proto__" or "constructor" key.'));
  return handleError(error, request, reply);
}

const callers = new WeakMap<FastifyRequest, AffiliateCaller>();
const loggedLeads = new WeakMap<FastifyRequest, number>();

/** The authenticated caller of a request inside `affiliatePublicApi`. */
export function callerOf(request: FastifyRequest): AffiliateCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('affiliate operation reached without an authenticated key');
  return caller;
}

/** Files the call's request-log row under this lead. */
export const logUnderLead = (request: FastifyRequest, leadId: number): void => void loggedLeads.set(request, leadId);

/** `now` is the clock of the rate windows (tests move it). */
/** What every operation is given. */
export type OperationOptions = { db: Db; listen: Listen };
export type PublicApiOptions = OperationOptions & { operations: FastifyPluginAsyncZod<OperationOptions>[]; now?: () => number };

export const affiliatePublicApi: FastifyPluginAsyncZod<PublicApiOptions> = async (app, { db, listen, operations, now = Date.now }) => {
  app.setErrorHandler(answerError);

  // Calls arriving together are looked up and counted in one statement (every call writes its rate count).
  const keys = new Batcher((given: string[]) => keysForCalls(db, given, rateWindowOf(now())), { maxItems: 256, ...callBatching });
  const authenticate: onRequestHookHandler = async (request) => {
    const given = request.headers['x-api-key'];
    const at = now();
    const key = typeof given === 'string' ? await keys.add(given.trim()) : null;
    if (!key) throw new Refusal(401, 'KEY_INVALID', 'The API key is missing, unknown, revoked or expired.');
    if (key.allowed_ips.length > 0 && !ipAllowed(request.ip, key.allowed_ips)) throw new Refusal(403, 'IP_NOT_ALLOWED', 'This address may not call the API with this key.');
    const exceeded = rateExceeded(key.calls, key.rate_limit_per_minute, at);
    if (exceeded) throw new Refusal(429, 'RATE_LIMITED', exceeded.message, { 'retry-after': String(exceeded.retryAfter) });
    const caller = { keyId: key.id, affiliateCompanyId: key.affiliate_company_id, sourceId: key.source_id };
    await markKeyUsed(db, key, request.ip);
    callers.set(request, caller);
  };

  // Calls answered at the same moment are logged in one statement; each answer leaves once its row is written.
  const logs = new Batcher(
    async (entries: RequestToRecord[]) => {
      await recordRequests(db, entries);
      return entries.map(() => true);
    },
    { maxItems: 256, ...callBatching },
  );
  const log: onSendHookHandler = async (request, reply, payload) => {
    try {
      await logs.add({ ...inboundCall(request, reply, payload), leadId: loggedLeads.get(request) ?? null });
    } catch (error) {
      request.log.error({ err: error }, 'affiliate call not logged');
    }
    return payload;
  };

  app.addHook('onRequest', authenticate);
  app.addHook('onSend', log);
  app.addHook('onClose', async () => {
    await keys.flush();
    await logs.flush();
  });
  for (const operation of operations) await app.register(operation, { db, listen });
};
