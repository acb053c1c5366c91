/** Brokers and their departments, with a department's histories (the send integrations are the sending module's). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { resourceRoutes } from '../../http/resource.ts';
import { departmentHistoryRoutes } from './histories.ts';
import { brokerResource, departmentResource } from './resources.ts';

export const brokerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(resourceRoutes(brokerResource), { db });
  await app.register(resourceRoutes(departmentResource(db)), { db });
  await app.register(departmentHistoryRoutes, { db });
};
