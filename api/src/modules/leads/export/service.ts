/** Starting an export (the checks a body needs beyond its schema) and finding the file a download link points to. */
import { stat } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { exportRequest } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { jobs as jobsTable } from '../../../db/schema/index.ts';
import { HttpError, invalid } from '../../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { findOwnJobOfType, type JobRow } from '../../jobs/service.ts';
import { contentTypes, exportDirectory, newStoredFileName, storedFilePath, tokenMatches } from './files.ts';
import { leadExportJobName, leadExportJobType } from './job.ts';
import { exportJobPayload, type ExportJobPayload } from './payload.ts';
import { offeredSetting } from './settings.ts';

export type ExportRequestBody = z.output<typeof exportRequest>;

export async function startLeadExport(db: Db, jobs: JobQueue, userId: number, body: ExportRequestBody, apiBase: string): Promise<JobRow> {
  const setting = await offeredSetting(db, userId, body.export_setting_id);
  if (!setting || setting.columns.length === 0) throw invalid({ export_setting_id: ['The selected export setting does not exist.'] });
  const payload: ExportJobPayload = {
    format: body.format,
    columns: setting.columns,
    setting_name: setting.name,
    filters: body.filters,
    lead_ids: body.lead_ids ? [...new Set(body.lead_ids)] : null,
    file: newStoredFileName(body.format),
    api_base: apiBase,
  };
  return jobs.dispatch({ userId, type: leadExportJobType, name: leadExportJobName, payload });
}

/** One of the user's own export jobs (any other job, or someone else's, is not found). */
export const findExportJob = (db: Db, userId: number, jobId: number): Promise<JobRow> => findOwnJobOfType(db, userId, jobId, leadExportJobType, 'Export');

export type ExportDownload = { path: string; fileName: string; contentType: string };

const invalidLink = () => new HttpError(404, 'This download link is not valid.');

/**
 * The file behind a link: the job must be a finished export whose token digest matches, within its lifetime.
 * Whatever is wrong with the job or token gets the same 404, so a link cannot be probed part by part.
 */
export async function exportDownload(db: Db, jobId: number, token: string): Promise<ExportDownload> {
  const [row] = await db
    .select()
    .from(jobsTable)
    .where(and(eq(jobsTable.id, jobId), eq(jobsTable.type, leadExportJobType)))
    .limit(1);
  const payload = row ? exportJobPayload.safeParse(row.payload) : null;
  if (!row || !payload?.success || row.status !== 'finished') throw invalidLink();
  const { download, file, format } = payload.data;
  if (!download || !tokenMatches(token, download.token_sha256)) throw invalidLink();
  if (Date.parse(download.expires_at) <= Date.now()) throw new HttpError(410, 'This download link has expired: export the leads again.');
  const path = storedFilePath(exportDirectory(), file);
  const present = path
    ? await stat(path).then(
        (info) => info.isFile(),
        () => false,
      )
    : false;
  if (!path || !present) throw new HttpError(410, 'The export file is no longer available: export the leads again.');
  return { path, fileName: download.file_name, contentType: contentTypes[format] };
}
