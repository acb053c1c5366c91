/** `GET /lead`: the advanced lead search of `lead/search`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { leadPage, leadSearchQuery, reversedDateRanges } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { invalidUnlessEmpty } from '../../../http/errors.ts';
import { searchLeads } from './service.ts';

/** `sideBySide`: the database runs several statements at once (LeadSearchOptions). */
export type LeadSearchRouteOptions = { db: Db; sideBySide: boolean; countCap?: number };

export const leadSearchRoutes: FastifyPluginAsyncZod<LeadSearchRouteOptions> = async (app, { db, sideBySide, countCap }) => {
  app.get(
    '/lead',
    {
      schema: {
        tags: ['lead'],
        summary:
          'Search leads (filters, sorting; past 10,000 matches, or 1,000 for a free-text substring, the total is estimated: meta.total_estimated, or a lower bound: meta.total_lower_bound)',
        querystring: leadSearchQuery,
        response: { 200: leadPage },
      },
      config: { access: 'lead.view' },
    },
    async (request) => {
      invalidUnlessEmpty(
        reversedDateRanges(request.query, [
          ['created_from', 'created_to'],
          ['ftd_from', 'ftd_to'],
        ]),
      );
      return searchLeads(db, request.query, countCap === undefined ? { sideBySide } : { sideBySide, cap: countCap });
    },
  );
};
