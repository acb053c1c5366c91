import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, emptyBody, idParam, job, paginated, paginationQuery } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { requireAuth } from '../../http/access.ts';
import { cancelJob, findJob, listJobs, toJob } from './service.ts';

const tags = ['jobs'];

export const jobRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/jobs',
    { schema: { tags, summary: 'My jobs, newest first', querystring: paginationQuery, response: { 200: paginated(job) } }, config: { access: 'user.profile.job.view' } },
    async (request) => listJobs(db, requireAuth(request).userId, request.query),
  );

  app.get('/jobs/:id', { schema: { tags, params: idParam, response: { 200: dataOf(job) } }, config: { access: 'user.profile.job.view' } }, async (request) => ({
    data: toJob(await findJob(db, requireAuth(request).userId, request.params.id)),
  }));

  app.put(
    '/jobs/:id/cancel',
    { schema: { tags, summary: 'Cancel a pending or running job', params: idParam, body: emptyBody, response: { 200: dataOf(job) } }, config: { access: 'user.profile.job.cancel' } },
    async (request) => ({ data: toJob(await cancelJob(db, requireAuth(request).userId, request.params.id)) }),
  );
};
