/** The lead profile (`lead/single/:id`): read, edit, change status, delete, and the history tabs. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  idParam,
  leadBrokerHistory,
  leadDataHistory,
  leadDetail,
  leadHistoryQuery,
  leadSendHistory,
  leadStatusBody,
  leadStatusHistory,
  leadUpdateBody,
  messageResponse,
  paginated,
} from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { requireAuth } from '../../../http/access.ts';
import { findLeadDetail } from './detail.ts';
import { brokerHistories, dataHistories, sendHistories, statusHistories } from './histories.ts';
import { changeLeadStatus, deleteLead } from './status.ts';
import { updateLead } from './update.ts';

const tags = ['lead'];
const saved = z.object({ message: z.string(), data: leadDetail });

export const leadProfileRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/lead/:id',
    { schema: { tags, summary: 'One lead with every field', params: idParam, response: { 200: dataOf(leadDetail) } }, config: { access: 'lead.single.view' } },
    async (request) => ({ data: await findLeadDetail(db, request.params.id) }),
  );

  app.put(
    '/lead/:id',
    {
      schema: { tags, summary: 'Edit a lead (each changed field is recorded in its data history)', params: idParam, body: leadUpdateBody, response: { 200: saved } },
      config: { access: 'lead.update' },
    },
    async (request) => ({ message: 'Lead successfully updated', data: await updateLead(db, request.params.id, request.body, requireAuth(request).userId) }),
  );

  app.put(
    '/lead/:id/status',
    {
      schema: { tags, summary: "Change a lead's status (recorded in its status history)", params: idParam, body: leadStatusBody, response: { 200: saved } },
      config: { access: 'lead.status.update' },
    },
    async (request) => ({
      message: 'Lead status successfully updated',
      data: await changeLeadStatus(db, request.params.id, request.body.status_id, requireAuth(request).userId),
    }),
  );

  app.delete(
    '/lead/:id',
    { schema: { tags, summary: 'Delete a lead with its tags and histories', params: idParam, response: { 200: messageResponse } }, config: { access: 'lead.delete' } },
    async (request) => {
      await deleteLead(db, request.params.id);
      return { message: 'Lead successfully deleted' };
    },
  );

  const historySchema = (summary: string, item: z.ZodType) => ({
    schema: { tags: ['lead › histories'], summary, params: idParam, querystring: leadHistoryQuery, response: { 200: paginated(item) } },
    config: { access: 'lead.single.view' as const },
  });

  app.get('/lead/:id/histories/data', historySchema('Field changes of a lead, newest first', leadDataHistory), async (request) => dataHistories(db, request.params.id, request.query));
  app.get('/lead/:id/histories/status', historySchema('Status changes of a lead, newest first', leadStatusHistory), async (request) => statusHistories(db, request.params.id, request.query));
  app.get('/lead/:id/histories/send', historySchema('Send attempts of a lead, newest first', leadSendHistory), async (request) => sendHistories(db, request.params.id, request.query));
  app.get('/lead/:id/histories/broker', historySchema('Broker-side changes of a lead, newest first', leadBrokerHistory), async (request) =>
    brokerHistories(db, request.params.id, request.query),
  );
};
