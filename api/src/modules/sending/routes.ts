/**
 * Sending (issue 7), beside the integrations CRUD (brokers/routes.ts):
 *  - `POST /lead/send`: send the selection or the current filter to a department, a background job (202);
 *  - `GET /lead/send/:id`: the user's own send job, to follow it;
 *  - `POST /send/integration/:id/test`: the test action (dry run or real);
 *  - `POST /send/integration/:id/pull`: pull statuses and FTDs now;
 *  - `POST|GET /send/integration/:id/postback`: the broker's status / FTD postback (public: its key authenticates it).
 */
import { z } from 'zod';
import type { FastifyRequest, onSendHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, emptyBody, idParam, integrationTestRequest, integrationTestResult, job, messageResponse, postbackBody, postbackKeyQuery, postbackQuery, sendRequest } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { requireAuth } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { toJob } from '../jobs/service.ts';
import { recordRequest } from '../requests/service.ts';
import type { SendEngine } from './engine/deps.ts';
import { findSendJob, startSend } from './engine/start.ts';
import { testIntegration } from './engine/testAction.ts';
import { loadIntegrationConfig } from './integrations/resource.ts';
import { receivePostback } from './status/postback.ts';
import { pullOne } from './status/pull.ts';

const tags = ['send'];
const pullSummary = z.object({ integration_id: z.number().int(), pages: z.number().int(), reports: z.number().int(), matched: z.number().int(), changed: z.number().int() });

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

export const sendingRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue; engine: SendEngine }> = async (app, { db, jobs, engine }) => {
  app.post(
    '/lead/send',
    {
      schema: {
        tags,
        summary: 'Send the selected leads (`lead_ids`) or those of the current filter to a broker department: a background job',
        body: sendRequest,
        response: { 202: z.object({ message: z.string(), data: job }) },
      },
      config: { access: 'lead.send' },
    },
    async (request, reply) => {
      const row = await startSend(db, jobs, requireAuth(request).userId, request.body);
      return reply.status(202).send({ message: 'The send has started.', data: toJob(row) });
    },
  );

  app.get(
    '/lead/send/:id',
    { schema: { tags, summary: 'One of my send jobs (progress, and the counts once finished)', params: idParam, response: { 200: dataOf(job) } }, config: { access: 'lead.send' } },
    async (request) => ({ data: toJob(await findSendJob(db, requireAuth(request).userId, request.params.id)) }),
  );

  app.post(
    '/send/integration/:id/test',
    {
      schema: {
        tags,
        summary: 'Build (dry run) or send a sample lead through the integration: the exact request, the response, and what the rules extracted',
        params: idParam,
        body: integrationTestRequest,
        response: { 200: dataOf(integrationTestResult) },
      },
      config: { access: 'send.integration.update' },
    },
    async (request) => {
      const integration = await loadIntegrationConfig(db, engine.secrets, request.params.id);
      if (!integration) throw notFound('Send integration');
      return { data: await testIntegration(engine, integration, request.body) };
    },
  );

  app.post(
    '/send/integration/:id/pull',
    {
      schema: { tags, summary: 'Pull lead statuses and FTDs from the broker now (the window since the last pull)', params: idParam, body: emptyBody, response: { 200: dataOf(pullSummary) } },
      config: { access: 'send.integration.update' },
    },
    async (request) => {
      const summary = await pullOne(engine, request.params.id);
      if (!summary) throw notFound('Send integration with a pull key');
      return { data: summary };
    },
  );

  /** Every answer goes to the request log, refusals (a bad key, a malformed body) included. */
  const logPostback: onSendHookHandler = async (request, reply, payload) => {
    await recordRequest(db, {
      direction: 'inbound',
      method: request.method,
      url: request.url,
      requestHeaders: request.headers,
      requestBody: request.method === 'POST' ? (request.body ?? null) : null,
      status: reply.statusCode,
      responseBody: typeof payload === 'string' ? payload : null,
      durationMs: reply.elapsedTime,
      sendIntegrationId: (request.params as { id?: number }).id ?? null,
      leadId: postbackLeadIdOf(payload),
    });
    return payload;
  };
  const receive = async (request: FastifyRequest, integrationId: number, key: string | undefined, body: z.output<typeof postbackBody>) => {
    const headerKey = request.headers['x-api-key'];
    const result = await receivePostback(db, engine.secrets, { integrationId, key: key ?? (typeof headerKey === 'string' ? headerKey : null), ip: request.ip, body });
    return { message: result.changed ? 'Recorded.' : 'Nothing changed.', data: { lead_id: result.leadId, changed: result.changed } };
  };
  const postbackSchema = {
    tags,
    summary: "The broker's status / FTD postback: `key` (query) or `x-api-key` = the push key, from an allowed IP; JSON body or query fields",
    params: idParam,
    response: { 200: z.object({ message: z.string(), data: z.object({ lead_id: z.number().int(), changed: z.boolean() }) }), 401: messageResponse },
    security: [],
  };
  const url = '/send/integration/:id/postback';
  app.get(url, { schema: { ...postbackSchema, querystring: postbackQuery }, config: { access: 'public' }, onSend: logPostback }, async (request) => {
    const { key, ...fields } = request.query;
    return receive(request, request.params.id, key, fields);
  });
  app.post(url, { schema: { ...postbackSchema, querystring: postbackKeyQuery, body: postbackBody }, config: { access: 'public' }, onSend: logPostback }, async (request) =>
    receive(request, request.params.id, request.query.key, request.body),
  );
};
