/** `/lead/black_list`: entries of type email, email domain, phone (E.164) or IP / CIDR, checked at intake and import. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blacklistCreateBody, blacklistCreated, blacklistItem, blacklistSearchQuery, idParam, messageResponse, paginated } from '@crm/shared/contract';
import { requireAuth } from '../../../http/access.ts';
import type { Db } from '../../../db/database.ts';
import { createBlacklistEntry, deleteBlacklistEntry, listBlacklist } from './service.ts';

const path = '/lead/black_list';
const tags = ['lead › black list'];

export const blacklistRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    path,
    {
      schema: { tags, summary: 'Search the blacklist (value and comment)', querystring: blacklistSearchQuery, response: { 200: paginated(blacklistItem) } },
      config: { access: 'lead.black_list.view' },
    },
    async (request) => listBlacklist(db, request.query),
  );

  app.post(
    path,
    {
      schema: {
        tags,
        summary: 'Blacklist a value; answers how many stored leads it matches',
        description: 'The value is normalized by type: lower-cased email or domain, E.164 phone (international form only), IP or CIDR range.',
        body: blacklistCreateBody,
        response: { 201: blacklistCreated },
      },
      config: { access: 'lead.black_list.create' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const created = await createBlacklistEntry(db, request.body, auth.userId);
      return reply.status(201).send({ message: 'Blacklist entry successfully created', ...created });
    },
  );

  app.delete(
    `${path}/:id`,
    { schema: { tags, summary: 'Remove a blacklist entry', params: idParam, response: { 200: messageResponse } }, config: { access: 'lead.black_list.delete' } },
    async (request) => {
      await deleteBlacklistEntry(db, request.params.id);
      return { message: 'Blacklist entry successfully deleted' };
    },
  );
};
