/**
 * `POST /api/v1/leads`, the route affiliates' servers call (public: its `X-Api-Key` authenticates it). The key and the
 * address are checked before the body is read; every answer is `{ status: 'accepted' | 'refused', … }`, even for a
 * body that is not JSON or too large, and every call goes to the request log (key and password redacted).
 */
import type { FastifyError, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { affiliateLeadAccepted, affiliateLeadBody, affiliateLeadRefused, type AffiliateLeadRefused, type AffiliateRefusalReason } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { handleError, validationErrors } from '../../http/errors.ts';
import { ipAllowed } from '../../net/allowedIps.ts';
import { inboundCall, recordRequest } from '../requests/service.ts';
import { receiveAffiliateLead, type AffiliateCaller } from './intake.ts';
import { markKeyUsed, usableKey } from './keys.ts';

/** A refusal thrown before the handler (the key, the address), answered by the error handler below. */
class Refusal extends Error {
  constructor(
    readonly statusCode: number,
    readonly reason: AffiliateRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

const refused = (reason: AffiliateRefusalReason, message: string, errors?: Record<string, string[]>): AffiliateLeadRefused =>
  errors ? { status: 'refused', reason, message, errors } : { status: 'refused', reason, message };

/** A lead is a few hundred bytes; 16 KB leaves room for long comments and refuses floods of bytes early. */
const bodyLimit = 16 * 1024;

const example = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane.doe@example.com',
  phone: '+4915112345678',
  country: 'DE',
  language: 'de',
  ip: '203.0.113.7',
  funnel: 'crypto-de',
  click_id: 'c-8f2a',
  sub1: 'banner-3',
};

function answerError(error: FastifyError | Refusal, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof Refusal) return reply.status(error.statusCode).send(refused(error.reason, error.message));
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors = validationErrors(error.validation);
    return reply.status(422).send(refused('INVALID', Object.values(errors)[0]?.[0] ?? 'The lead is not valid.', errors));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? `The body is larger than ${bodyLimit} bytes.`
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'The body must be JSON (content-type: application/json).'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The body is empty.'
            : 'The body is not valid JSON.';
    return reply.status(status).send(refused('INVALID', message));
  }
  return handleError(error, request, reply);
}

export const affiliateIntakeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const callers = new WeakMap<FastifyRequest, AffiliateCaller>();
  const leadIds = new WeakMap<FastifyRequest, number>();
  app.setErrorHandler(answerError);

  const authenticate: onRequestHookHandler = async (request) => {
    const given = request.headers['x-api-key'];
    const key = typeof given === 'string' ? await usableKey(db, given.trim()) : null;
    if (!key) throw new Refusal(401, 'KEY_INVALID', 'The API key is missing, unknown, revoked or expired.');
    if (key.allowed_ips.length > 0 && !ipAllowed(request.ip, key.allowed_ips)) throw new Refusal(403, 'IP_NOT_ALLOWED', 'This address may not post leads with this key.');
    await markKeyUsed(db, key.id, request.ip);
    callers.set(request, { keyId: key.id, affiliateCompanyId: key.affiliate_company_id, sourceId: key.source_id });
  };

  const log: onSendHookHandler = async (request, reply, payload) => {
    try {
      await recordRequest(db, { ...inboundCall(request, reply, payload), leadId: leadIds.get(request) ?? null });
    } catch (error) {
      request.log.error({ err: error }, 'affiliate lead not logged');
    }
    return payload;
  };

  app.post(
    '/leads',
    {
      bodyLimit,
      schema: {
        tags: ['leads'],
        summary: 'Post one lead',
        description:
          "One call per lead, answered at once. The lead gets the API key's affiliate company and source. Phones are read as E.164, or as " +
          'national numbers with `country`; emails are lower-cased; blacklisted contacts and duplicates (same email or phone within the ' +
          'duplicate window) are refused. Refusals: `INVALID` 422 (per field), `DUPLICATE` 409, `BLACKLISTED` 422, `KEY_INVALID` 401, ' +
          '`IP_NOT_ALLOWED` 403; a body that is not JSON or larger than 16 KB: `INVALID` 400 / 413.',
        body: affiliateLeadBody.meta({ example }),
        response: {
          201: affiliateLeadAccepted.meta({ example: { status: 'accepted', lead_id: 'L0123456789', received_at: '2026-11-27T12:00:00.000Z' } }),
          400: affiliateLeadRefused,
          401: affiliateLeadRefused,
          403: affiliateLeadRefused,
          409: affiliateLeadRefused,
          413: affiliateLeadRefused,
          415: affiliateLeadRefused,
          422: affiliateLeadRefused.meta({
            example: { status: 'refused', reason: 'INVALID', message: 'The phone number is not valid.', errors: { phone: ['The phone number is not valid.'] } },
          }),
        },
        security: [{ apiKey: [] }],
      },
      config: { access: 'public' },
      onRequest: authenticate,
      onSend: log,
    },
    async (request, reply) => {
      const caller = callers.get(request);
      if (!caller) throw new Error('affiliate lead reached without an authenticated key');
      const result = await receiveAffiliateLead(db, caller, request.body);
      if (!result.ok) return reply.status(result.status).send(result.refused);
      leadIds.set(request, result.id);
      return reply.status(201).send({ status: 'accepted', lead_id: result.leadId, received_at: result.receivedAt.toISOString() });
    },
  );
};
