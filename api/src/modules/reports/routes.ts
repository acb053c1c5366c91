/**
 * Reports (issue 35), all under `/reports` and `reports.view`: the report (`GET /reports`), the same as a file
 * (`GET /reports/export`), and the user's saved reports (`/reports/presets`).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, exportFormats, idParam, messageResponse, report, reportPreset, reportPresetInput, reportQuery } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { requireAuth } from '../../http/access.ts';
import { reportFile, reportFileName } from './exportFile.ts';
import { deletePreset, listPresets, savePreset } from './presets.ts';
import { buildReport } from './service.ts';

const tags = ['reports'];
const access = 'reports.view';
const exportQuery = reportQuery.safeExtend({ format: z.enum(exportFormats, { message: 'The format must be csv or xlsx.' }) });
const contentTypes = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary: 'The leads received between two local days, grouped by one or two keys: every metric per group, and the totals',
        querystring: reportQuery,
        response: { 200: dataOf(report) },
      },
      config: { access },
    },
    async (request) => ({ data: await buildReport(db, request.query) }),
  );

  app.get(
    '/reports/export',
    { schema: { tags, summary: 'The same report as a CSV or XLSX file (the totals last)', querystring: exportQuery }, config: { access } },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const built = await buildReport(db, query);
      return reply
        .header('content-type', contentTypes[format])
        .header('content-disposition', `attachment; filename="${reportFileName(built, format)}"`)
        .header('cache-control', 'private, no-store')
        .send(await reportFile(built, format));
    },
  );

  app.get('/reports/presets', { schema: { tags, summary: 'My saved reports', response: { 200: dataOf(z.array(reportPreset)) } }, config: { access } }, async (request) => ({
    data: await listPresets(db, requireAuth(request).userId),
  }));

  app.post(
    '/reports/presets',
    { schema: { tags, summary: 'Save a report under a name (the same name replaces it)', body: reportPresetInput, response: { 200: dataOf(reportPreset) } }, config: { access } },
    async (request) => ({ data: await savePreset(db, requireAuth(request).userId, request.body) }),
  );

  app.delete('/reports/presets/:id', { schema: { tags, summary: 'Delete a saved report', params: idParam, response: { 200: messageResponse } }, config: { access } }, async (request) => {
    await deletePreset(db, requireAuth(request).userId, request.params.id);
    return { message: 'The saved report was deleted.' };
  });
};
