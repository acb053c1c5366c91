/**
 * `POST|GET /send/integration/:id/postback`, the one route a broker's server calls (public: its key authenticates it).
 * Every answer goes to the request log, refusals included, except the rate limit's own (a flood must not fill the
 * log). Logging never changes the answer: a log write that fails is reported to the server log only.
 */
import type { FastifyRequest, onSendHookHandler, preValidationHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, messageResponse, postbackBody, postbackKeyQuery, postbackQuery } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { inboundCall, recordRequest } from '../../requests/service.ts';
import type { IntegrationConfig } from '../adapters/types.ts';
import type { SecretBox } from '../secrets.ts';
import { authenticatePostback, receivePostback, type PostbackResult } from './postback.ts';

export type PostbackRouteOptions = { db: Db; secrets: SecretBox; rateLimit: { max: number; timeWindowMs: number } };

/** The lead an accepted postback was about (its answer's `data.lead_id`), so the lead's request log shows it. */
function postbackLeadIdOf(payload: unknown): number | null {
  if (typeof payload !== 'string') return null;
  try {
    const leadId: unknown = (JSON.parse(payload) as { data?: { lead_id?: unknown } }).data?.lead_id;
    return typeof leadId === 'number' ? leadId : null;
  } catch {
    return null;
  }
}

const answerOf = (result: PostbackResult) => ({ message: result.changed ? 'Recorded.' : 'Nothing changed.', data: { lead_id: result.leadId, changed: result.changed } });

export const postbackRoutes: FastifyPluginAsyncZod<PostbackRouteOptions> = async (app, { db, secrets, rateLimit }) => {
  const callers = new WeakMap<FastifyRequest, IntegrationConfig>();
  const callerOf = (request: FastifyRequest) => {
    const integration = callers.get(request);
    if (!integration) throw new Error('postback handler reached without an authenticated caller');
    return integration;
  };

  // Runs before the body and the id are validated: the key and the address are checked first.
  const authenticate: preValidationHookHandler = async (request) => {
    const query = request.query as Record<string, unknown>;
    const headerKey = request.headers['x-api-key'];
    const key = query['key'] ?? headerKey;
    callers.set(request, await authenticatePostback(db, secrets, { id: (request.params as { id?: unknown }).id, key, ip: request.ip }));
  };

  const log: onSendHookHandler = async (request, reply, payload) => {
    if (reply.statusCode === 429) return payload;
    const rawId = idParam.safeParse(request.params);
    try {
      await recordRequest(db, {
        ...inboundCall(request, reply, payload),
        sendIntegrationId: callers.get(request)?.id ?? (rawId.success ? rawId.data.id : null),
        leadId: postbackLeadIdOf(payload),
      });
    } catch (error) {
      request.log.error({ err: error }, 'postback not logged');
    }
    return payload;
  };

  const config = {
    access: 'public' as const,
    rateLimit: { max: rateLimit.max, timeWindow: rateLimit.timeWindowMs, hook: 'onRequest' as const, keyGenerator: (request: FastifyRequest) => `postback:${request.ip}` },
  };
  const schema = {
    tags: ['send'],
    summary: "The broker's status / FTD postback: `key` (query) or `x-api-key` = the push key, from an allowed IP; JSON body or query fields",
    params: idParam,
    response: { 200: z.object({ message: z.string(), data: z.object({ lead_id: z.number().int(), changed: z.boolean() }) }), 401: messageResponse },
    security: [],
  };
  const url = '/send/integration/:id/postback';
  app.get(url, { schema: { ...schema, querystring: postbackQuery }, config, preValidation: authenticate, onSend: log }, async (request) => {
    const { key: _key, ...fields } = request.query;
    return answerOf(await receivePostback(db, callerOf(request), fields));
  });
  app.post(url, { schema: { ...schema, querystring: postbackKeyQuery, body: postbackBody }, config, preValidation: authenticate, onSend: log }, async (request) =>
    answerOf(await receivePostback(db, callerOf(request), request.body)),
  );
};
