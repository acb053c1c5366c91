/** Brokers, their departments and the send integrations departments send through, with a department's histories. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { resourceRoutes } from '../../http/resource.ts';
import { integrationResource } from '../sending/integrations/resource.ts';
import type { SecretBox } from '../sending/secrets.ts';
import { departmentHistoryRoutes } from './histories.ts';
import { brokerResource, departmentResource } from './resources.ts';

export const brokerRoutes: FastifyPluginAsyncZod<{ db: Db; secrets: SecretBox }> = async (app, { db, secrets }) => {
  await app.register(resourceRoutes(brokerResource), { db });
  await app.register(resourceRoutes(departmentResource(db)), { db });
  await app.register(resourceRoutes(integrationResource(secrets)), { db });
  await app.register(departmentHistoryRoutes, { db });
};
