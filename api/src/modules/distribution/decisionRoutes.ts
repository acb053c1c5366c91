/** `GET /lead/{id}/distribution`: a lead's distribution state and every routing verdict, in order. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, idParam, leadDistribution } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { leadDistributionOf } from './decisions.ts';

export const distributionDecisionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/lead/:id/distribution',
    {
      schema: {
        tags: ['lead'],
        summary: "A lead's automatic distribution: its state, the last reason, and each candidate department's verdict in order",
        params: idParam,
        response: { 200: dataOf(leadDistribution) },
      },
      config: { access: 'lead.single.view' },
    },
    async (request) => ({ data: await leadDistributionOf(db, request.params.id) }),
  );
};
