/** The leads domain's API (docs/product.md#leads): one plugin per area, registered under /api. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { blacklistRoutes } from './blacklist/routes.ts';
import { failedLeadRoutes } from './failed/routes.ts';
import { leadExportRoutes } from './export/routes.ts';
import { intakeRoutes } from './intake/routes.ts';
import { leadImportRoutes } from './import/routes.ts';
import { leadSearchRoutes } from './search/routes.ts';
import { leadProfileRoutes } from './profile/routes.ts';
import { sendHistoryRoutes } from './sendHistory/routes.ts';
import { leadStatusRuleRoutes } from './statusRules/routes.ts';
import type { ImportThenSend } from './import/thenSend.ts';

/** `sideBySide`: the database runs several statements at once (a PostgreSQL pool, not the embedded database). */
export type LeadRouteOptions = { db: Db; jobs: JobQueue; sideBySide: boolean; importThenSend: ImportThenSend };

export const leadRoutes: FastifyPluginAsyncZod<LeadRouteOptions> = async (app, options) => {
  const { db, jobs } = options;
  await app.register(intakeRoutes, { db });
  await app.register(blacklistRoutes, { db });
  await app.register(failedLeadRoutes, { db });
  await app.register(leadSearchRoutes, { db, sideBySide: options.sideBySide });
  await app.register(leadProfileRoutes, { db });
  await app.register(sendHistoryRoutes, { db });
  await app.register(leadStatusRuleRoutes, { db, jobs });
  await app.register(leadImportRoutes, { db, jobs, importThenSend: options.importThenSend });
  await app.register(leadExportRoutes, { db, jobs });
};
