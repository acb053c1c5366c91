/** `GET /lead/history/send`: the send-history search (the screen `lead/history/search`). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reversedDateRanges, sendHistoryPage, sendHistorySearchQuery } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { invalidUnlessEmpty } from '../../../http/errors.ts';
import { searchSendHistories } from './service.ts';

export const sendHistoryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/lead/history/send',
    {
      schema: {
        tags: ['lead › history'],
        summary: 'Search send attempts (lead by public id, id or email; broker, department, state, failure status, dates)',
        querystring: sendHistorySearchQuery,
        response: { 200: sendHistoryPage },
      },
      config: { access: 'lead.history.view' },
    },
    async (request) => {
      invalidUnlessEmpty(reversedDateRanges(request.query, [['from', 'to']]));
      return searchSendHistories(db, request.query);
    },
  );
};
