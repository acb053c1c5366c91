/**
 * Reports (issue 35), all under `/reports` and `reports.view`: the report (`GET /reports`), the same as a file
 * (`GET /reports/export`), the user's saved reports (`/reports/presets`), and the shave watch (`/reports/shave-watch`,
 * its evidence as a file).
 */
import { z } from 'zod';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dataOf,
  exportFormats,
  idParam,
  messageResponse,
  report,
  reportGroupings,
  reportPreset,
  reportPresetInput,
  reportQuery,
  reportSort,
  shaveEvidenceQuery,
  shaveWatch,
  shaveWatchQuery,
  shaveWatchTestStatement,
  type ExportFormat,
} from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { requireAuth } from '../../http/access.ts';
import { reportFile, reportFileName } from './exportFile.ts';
import { deletePreset, listPresets, savePreset } from './presets.ts';
import { sortedRows } from './rowOrder.ts';
import { buildReport } from './service.ts';
import { shaveEvidenceFile } from './shaveEvidence.ts';
import { buildShaveWatch } from './shaveWatch.ts';

const tags = ['reports'];
const access = 'reports.view';
const exportQuery = reportQuery
  .safeExtend({ format: z.enum(exportFormats, { message: 'The format must be csv or xlsx.' }), ...reportSort.shape })
  .refine((query) => query.sort === undefined || !(reportGroupings as readonly string[]).includes(query.sort) || query.group_by.some((grouping) => grouping === query.sort), {
    path: ['sort'],
    message: 'Sort by a metric or one of the grouping keys.',
  });
const contentTypes = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** A download: named, never cached (the figures change, and may be confidential). */
const sendFile = (reply: FastifyReply, format: ExportFormat, fileName: string, file: Readable) =>
  reply.header('content-type', contentTypes[format]).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(file);

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
    {
      schema: { tags, summary: "The same report as a CSV or XLSX file (the totals last), in the table's order (sort, order)", querystring: exportQuery },
      config: { access },
    },
    async (request, reply) => {
      const { format, sort, order, ...query } = request.query;
      const built = await buildReport(db, query);
      return sendFile(reply, format, reportFileName(built, format), await reportFile({ ...built, rows: sortedRows(built, { sort, order }) }, format));
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

  app.get(
    '/reports/shave-watch',
    {
      schema: {
        tags,
        summary: "Shave watch: each department's FTD rate of a local week against its own 8 weeks before and against its peers, flagged when significantly lower",
        description:
          'A cohort: the leads whose first delivery fell in the week (Monday to Monday in time_zone) at the department; an FTD counts when that ' +
          `department reported it within horizon_days after the delivery. Peers: the other departments' cohorts of the week, only the affiliate companies and countries of this department's. ${shaveWatchTestStatement} ` +
          'Without week: the latest week whose horizon has fully passed.',
        querystring: shaveWatchQuery,
        response: { 200: dataOf(shaveWatch) },
      },
      config: { access },
    },
    async (request) => ({ data: await buildShaveWatch(db, request.query) }),
  );

  app.get(
    '/reports/shave-watch/evidence',
    {
      schema: {
        tags,
        summary: "A department's cohort of the week as a CSV or XLSX file: every broker report (pull, push) and logged request of its integration per lead, by time",
        description: 'One row per report or request, ordered by lead (its delivery) then time; a lead the broker sent no report on gets one row saying so.',
        querystring: shaveEvidenceQuery,
      },
      config: { access },
    },
    async (request, reply) => {
      const { fileName, file } = await shaveEvidenceFile(db, request.query);
      return sendFile(reply, request.query.format, fileName, file);
    },
  );
};
