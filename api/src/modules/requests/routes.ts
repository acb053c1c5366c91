/** Settings › requests: the read-only log of inbound and outbound HTTP requests. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, idParam, paginated, requestLogEntry, requestLogListQuery, requestLogSummary } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { findRequestLog, listRequestLogs } from './service.ts';

const tags = ['settings › request'];

export const requestLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/settings/request',
    {
      schema: { tags, summary: 'Search the request log (newest first by default)', querystring: requestLogListQuery, response: { 200: paginated(requestLogSummary) } },
      config: { access: 'settings.request.view' },
    },
    async (request) => listRequestLogs(db, request.query),
  );

  app.get(
    '/settings/request/:id',
    {
      schema: { tags, summary: 'One request with its sanitized headers and bodies', params: idParam, response: { 200: dataOf(requestLogEntry) } },
      config: { access: 'settings.request.view' },
    },
    async (request) => ({ data: await findRequestLog(db, request.params.id) }),
  );
};
