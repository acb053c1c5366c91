/** `/lead/failed` (failed/lead/search): list, read, fix-and-retry and delete refused leads. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, failedLeadBulkDelete, failedLeadItem, failedLeadSearchQuery, idParam, leadCreateBody, leadCreated, messageResponse, paginated } from '@crm/shared/contract';
import { requireAuth } from '../../../http/access.ts';
import { refusalError } from '../intake/routes.ts';
import { leadCreatedMessage, toCreatedLead } from '../intake/schema.ts';
import type { Db } from '../../../db/database.ts';
import { deleteFailedLead, deleteFailedLeads, findFailedLead, listFailedLeads, retryFailedLead } from './service.ts';

const path = '/lead/failed';
const tags = ['lead › failed'];

export const failedLeadRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    path,
    {
      schema: { tags, summary: 'Search failed leads (raw values and message)', querystring: failedLeadSearchQuery, response: { 200: paginated(failedLeadItem) } },
      config: { access: 'failed.lead.view' },
    },
    async (request) => listFailedLeads(db, request.query),
  );

  app.get(
    `${path}/:id`,
    { schema: { tags, summary: 'One failed lead', params: idParam, response: { 200: dataOf(failedLeadItem) } }, config: { access: 'failed.lead.view' } },
    async (request) => ({ data: await findFailedLead(db, request.params.id) }),
  );

  app.post(
    `${path}/:id/retry`,
    {
      schema: {
        tags,
        summary: 'Retry a failed lead with fixed values',
        description:
          'Runs intake again with the body. Success: 201 with the new lead, and the failed lead is deleted. A new refusal: 422 ' +
          '{ message, errors }, and the failed lead keeps the values, reason and message of this attempt.',
        params: idParam,
        body: leadCreateBody,
        response: { 201: leadCreated },
      },
      config: { access: 'failed.lead.update' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const result = await retryFailedLead(db, request.params.id, request.body, auth.userId);
      if (!result.ok) throw refusalError(result);
      return reply.status(201).send({ message: leadCreatedMessage, data: toCreatedLead(result.lead, result.tagIds) });
    },
  );

  app.delete(
    path,
    {
      schema: {
        tags,
        summary: 'Delete failed leads in bulk: the selected ones (`ids`) or every one the filters match (`filters`)',
        body: failedLeadBulkDelete,
        response: { 200: z.object({ message: z.string(), data: z.object({ deleted: z.number().int() }) }) },
      },
      config: { access: 'failed.lead.delete' },
    },
    async (request) => {
      const deleted = await deleteFailedLeads(db, request.body);
      return { message: `${deleted} failed lead${deleted === 1 ? '' : 's'} deleted`, data: { deleted } };
    },
  );

  app.delete(
    `${path}/:id`,
    { schema: { tags, summary: 'Delete a failed lead', params: idParam, response: { 200: messageResponse } }, config: { access: 'failed.lead.delete' } },
    async (request) => {
      await deleteFailedLead(db, request.params.id);
      return { message: 'Failed lead successfully deleted' };
    },
  );
};
