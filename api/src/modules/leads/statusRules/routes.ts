/** `/lead/status/settings`: the status rules (CRUD) and `POST …/run`, which applies them now as a job. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody, job } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { requireAuth } from '../../../http/access.ts';
import { resourceRoutes } from '../../../http/resource.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { toJob } from '../../jobs/service.ts';
import { startRun } from './apply.ts';
import { leadStatusRuleResource } from './resource.ts';

export const leadStatusRuleRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue }> = async (app, { db, jobs }) => {
  await app.register(resourceRoutes(leadStatusRuleResource(db)), { db });

  app.post(
    '/lead/status/settings/run',
    {
      schema: {
        tags: ['lead › status › settings'],
        summary: 'Apply every status rule now (a background job; one change per lead per run; the run under way if there is one)',
        body: emptyBody,
        response: { 202: z.object({ message: z.string(), data: job }) },
      },
      config: { access: 'lead.statusSetting.run' },
    },
    async (request, reply) => {
      const run = await startRun(jobs, db, requireAuth(request).userId);
      const message = run.started ? 'The lead status rules are being applied.' : 'The lead status rules are already being applied.';
      return reply.status(202).send({ message, data: toJob(run.job) });
    },
  );
};
