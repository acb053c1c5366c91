/**
 * Lead export (issue 6), all under `/lead/export`:
 *  - `/settings`: export settings CRUD (paginated list `?search=&page=&per_page=&sort=name`, get, POST, PUT replaces,
 *    DELETE), and `GET /settings/mine`: the plain list `{ data }` the export dialog offers the signed-in user;
 *  - `POST /lead/export`: starts an export job (202 `{ message, data: Job }`);
 *  - `GET /lead/export/:id`: the user's own export job, to follow its progress (`GET /jobs/:id` needs
 *    user.profile.job.view, which an exporter may not hold);
 *  - `GET /lead/export/:id/download?token=`: the file, by its link alone (public: a browser link has no bearer).
 * Everything but the download needs lead.export.
 */
import { createReadStream } from 'node:fs';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, exportRequest, exportSetting, idParam, job, text } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { requireAuth } from '../../../http/access.ts';
import { resourceRoutes } from '../../../http/resource.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { toJob } from '../../jobs/service.ts';
import { exportDownload, findExportJob, startLeadExport } from './service.ts';
import { exportSettingResource, offeredSettings } from './settings.ts';

const tags = ['lead › export'];
const downloadQuery = z.strictObject({ token: text().min(1, 'The token field is required.').max(128) });

export const leadExportRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: JobQueue }> = async (app, { db, jobs }) => {
  await app.register(resourceRoutes(exportSettingResource(db)), { db });

  app.get(
    '/lead/export/settings/mine',
    {
      schema: { tags, summary: 'The export settings offered to me (assigned to me, or to no one), by name', response: { 200: dataOf(z.array(exportSetting)) } },
      config: { access: 'lead.export' },
    },
    async (request) => ({ data: await offeredSettings(db, requireAuth(request).userId) }),
  );

  app.post(
    '/lead/export',
    {
      schema: {
        tags,
        summary: 'Export the leads of a filter (as the list shows them) or a selection (`lead_ids`) to CSV or XLSX: a background job',
        body: exportRequest,
        response: { 202: z.object({ message: z.string(), data: job }) },
      },
      config: { access: 'lead.export' },
    },
    async (request, reply) => {
      // The notification's link must name the API's own host: the job runs later, without a request to ask.
      const apiBase = `${request.protocol}://${request.host}/api`;
      const row = await startLeadExport(db, jobs, requireAuth(request).userId, request.body, apiBase);
      return reply.status(202).send({ message: 'The export has started.', data: toJob(row) });
    },
  );

  app.get(
    '/lead/export/:id',
    {
      schema: { tags, summary: 'One of my export jobs (progress, and the download link once finished)', params: idParam, response: { 200: dataOf(job) } },
      config: { access: 'lead.export' },
    },
    async (request) => ({ data: toJob(await findExportJob(db, requireAuth(request).userId, request.params.id)) }),
  );

  app.get(
    '/lead/export/:id/download',
    {
      schema: { tags, summary: 'Download an export file by its link (no bearer; 404 for a wrong token, 410 once expired)', params: idParam, querystring: downloadQuery, security: [] },
      config: { access: 'public' },
      // The request log's info lines hold the URL, token and all: this route logs warnings and errors only.
      logLevel: 'warn',
    },
    async (request, reply) => {
      const file = await exportDownload(db, request.params.id, request.query.token);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );
};
