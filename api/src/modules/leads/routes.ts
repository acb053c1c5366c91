/** The leads domain's API (SPEC §2 lead routes, DESIGN §4): one plugin per area, registered under /api. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';

export type LeadRouteOptions = { db: Db; jobs: JobQueue };

export const leadRoutes: FastifyPluginAsyncZod<LeadRouteOptions> = async (app, options) => {
  void app;
  void options;
};
