/**
 * Sending (issue 7):
 *  - the send integrations' CRUD (`/send/integration`, integrations/resource.ts);
 *  - `POST /lead/send`: send the selection or the current filter to a department, a background job (202);
 *  - `GET /lead/send/:id`: the user's own send job, to follow it;
 *  - `POST /send/integration/:id/test`: the test action (dry run or real);
 *  - `POST /send/integration/:id/pull`: pull statuses and FTDs now;
 *  - `POST|GET /send/integration/:id/postback`: the broker's status / FTD postback (public: its key authenticates it).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, emptyBody, idParam, integrationTestRequest, integrationTestResult, job, sendRequest } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { requireAuth } from '../../http/access.ts';
import { resourceRoutes } from '../../http/resource.ts';
import { notFound } from '../../http/errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { toJob } from '../jobs/service.ts';
import type { SendEngine } from './engine/deps.ts';
import { findSendJob, startSend } from './engine/start.ts';
import { testIntegration } from './engine/testAction.ts';
import { integrationResource, loadIntegrationConfig } from './integrations/resource.ts';
import { postbackRoutes } from './status/postbackRoutes.ts';
import { pullOne } from './status/pull.ts';

const tags = ['send'];
const pullSummary = z.object({ integration_id: z.number().int(), pages: z.number().int(), reports: z.number().int(), matched: z.number().int(), changed: z.number().int() });

export type SendingRouteOptions = {
  db: Db;
  jobs: JobQueue;
  engine: SendEngine;
  /** Postbacks one address may make in a window, across integrations. */
  postbackRateLimit: { max: number; timeWindowMs: number };
};

export const sendingRoutes: FastifyPluginAsyncZod<SendingRouteOptions> = async (app, { db, jobs, engine, postbackRateLimit }) => {
  await app.register(resourceRoutes(integrationResource(engine.secrets)), { db });
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

  await app.register(postbackRoutes, { db, secrets: engine.secrets, rateLimit: postbackRateLimit });
};
