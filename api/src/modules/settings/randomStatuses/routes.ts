/** `/settings/source/random/status`: per source a weighted list of lead statuses (the `:id` is the source id). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  crudPermissions,
  dataOf,
  idParam,
  messageResponse,
  paginated,
  paginationQuery,
  sourceRandomStatusCreateBody,
  sourceRandomStatusItem,
  sourceRandomStatusUpdateBody,
} from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { createSourceRandomStatus, deleteSourceRandomStatus, findSourceRandomStatus, listSourceRandomStatuses, randomStatusSortKeys, replaceSourceRandomStatus } from './service.ts';

const path = '/settings/source/random/status';
const tags = ['settings › source › random › status'];
const permissions = crudPermissions('settings.sourceRandomStatus');
const listQuery = paginationQuery.extend({ sort: z.enum(randomStatusSortKeys).default('source_name'), direction: z.enum(['asc', 'desc']).default('asc') });
const saved = z.object({ message: z.string(), data: sourceRandomStatusItem });

export const sourceRandomStatusRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    path,
    {
      schema: { tags, summary: 'Sources with their weighted random statuses', querystring: listQuery, response: { 200: paginated(sourceRandomStatusItem) } },
      config: { access: permissions.view },
    },
    async (request) => listSourceRandomStatuses(db, request.query),
  );

  app.get(
    `${path}/:id`,
    { schema: { tags, summary: "One source's random statuses", params: idParam, response: { 200: dataOf(sourceRandomStatusItem) } }, config: { access: permissions.view } },
    async (request) => ({ data: await findSourceRandomStatus(db, request.params.id) }),
  );

  app.post(
    path,
    { schema: { tags, summary: 'Give a source a weighted list of statuses', body: sourceRandomStatusCreateBody, response: { 201: saved } }, config: { access: permissions.create } },
    async (request, reply) => {
      const data = await createSourceRandomStatus(db, request.body.source_id, request.body.statuses);
      return reply.status(201).send({ message: 'Setting successfully created', data });
    },
  );

  app.put(
    `${path}/:id`,
    { schema: { tags, summary: "Replace a source's list", params: idParam, body: sourceRandomStatusUpdateBody, response: { 200: saved } }, config: { access: permissions.update } },
    async (request) => ({ message: 'Setting successfully updated', data: await replaceSourceRandomStatus(db, request.params.id, request.body.statuses) }),
  );

  app.delete(
    `${path}/:id`,
    { schema: { tags, summary: "Delete a source's list", params: idParam, response: { 200: messageResponse } }, config: { access: permissions.delete } },
    async (request) => {
      await deleteSourceRandomStatus(db, request.params.id);
      return { message: 'Setting successfully deleted' };
    },
  );
};
