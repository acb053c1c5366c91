/** The dashboard's statistics: seven local days of leads, failed leads, sends and FTDs, and per department. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatistics as statisticsSchema, dashboardStatisticsQuery, dataOf } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { dashboardStatistics } from './service.ts';

const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/dashboard/statistics',
    {
      schema: {
        tags,
        summary: 'Seven local days ending on `date` (default today in `time_zone`), each card compared with the seven days before',
        querystring: dashboardStatisticsQuery,
        response: { 200: dataOf(statisticsSchema) },
      },
      config: { access: 'dashboard.view' },
    },
    async (request) => ({ data: await dashboardStatistics(db, request.query) }),
  );
};
