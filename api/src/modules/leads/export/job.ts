/**
 * The export job (`lead.export`): writes the chosen leads into a CSV or XLSX file batch by batch (progress reported,
 * cancel checked between batches), then mints the download link. A retried attempt writes the same file again from
 * the start, so a crash leaves neither a half file behind a link nor a second file.
 */
import { mkdir, rm } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import type { ExportResult } from '@crm/shared/contract';
import { jobs as jobsTable } from '../../../db/schema/index.ts';
import type { JobContext, JobOutcome, JobQueue } from '../../jobs/queue.ts';
import { html } from '../../notifications/html.ts';
import { exportDirectory, exportLinkTtlMs, newDownloadToken, removeExpiredExports, storedFilePath, tokenDigest } from './files.ts';
import { exportJobPayload, type ExportJobPayload } from './payload.ts';
import { countSelection, readBatch, type ExportCursor, type ExportSelection } from './selection.ts';
import { openExportWriter } from './writers.ts';

export const leadExportJobType = 'lead.export';
export const leadExportJobName = 'Export leads';

export type ExportRunOptions = {
  /** Leads per batch: one query and one progress report each. */
  batchSize?: number;
  directory?: string;
};

const plural = (count: number) => `${count} lead${count === 1 ? '' : 's'}`;

/**
 * The path of a job's download link from the API host's root, its base path `/api` included: the console joins it to
 * the API's origin, as it does stored-file paths (it was relative to `/api` and 404'd once joined to a host).
 */
const downloadPath = (jobId: number, token: string) => `/api/lead/export/${jobId}/download?token=${token}`;

function downloadFileName(jobId: number, payload: ExportJobPayload, at: Date): string {
  return `leads-${at.toISOString().slice(0, 10)}-${jobId}.${payload.format}`;
}

/** Makes the link: a fresh token whose digest goes in the job's payload; the result and message carry the link. */
async function publish(context: JobContext, payload: ExportJobPayload, rows: number): Promise<JobOutcome> {
  const now = new Date();
  const token = newDownloadToken();
  const expiresAt = new Date(now.getTime() + exportLinkTtlMs).toISOString();
  const fileName = downloadFileName(context.job.id, payload, now);
  const download: ExportJobPayload['download'] = { token_sha256: tokenDigest(token), expires_at: expiresAt, file_name: fileName };
  await context.db
    .update(jobsTable)
    .set({ payload: sql`${jobsTable.payload} || ${JSON.stringify({ download })}::jsonb` })
    .where(eq(jobsTable.id, context.job.id));
  const result: ExportResult = { file_name: fileName, rows, download_url: downloadPath(context.job.id, token), expires_at: expiresAt };
  const link = new URL(result.download_url, payload.api_base).href;
  const message = html`${plural(rows)} exported to ${fileName} (${payload.setting_name}). <a href="${link}">Download</a> — the link works until ${expiresAt.slice(0, 16).replace('T', ' ')}
    UTC.`;
  return { result, message };
}

export async function runLeadExport(context: JobContext, options: ExportRunOptions = {}): Promise<JobOutcome> {
  const { db } = context;
  const payload = exportJobPayload.parse(context.job.payload);
  const directory = options.directory ?? exportDirectory();
  const batchSize = options.batchSize ?? 2_000;
  const path = storedFilePath(directory, payload.file);
  if (!path) throw new Error(`export job ${context.job.id} names no valid file`);
  const selection: ExportSelection = { filters: payload.filters, leadIds: payload.lead_ids };

  const total = await countSelection(db, selection);
  await context.report({ processed: 0, total });
  await mkdir(directory, { recursive: true });
  const writer = await openExportWriter(payload.format, path, payload.columns);
  let rows = 0;
  try {
    let cursor: ExportCursor | null = null;
    for (;;) {
      if (await context.isCancelled()) {
        await writer.discard();
        return { message: html`Stopped after ${plural(rows)}: the export was cancelled.` };
      }
      const batch = await readBatch(db, selection, payload.columns, cursor, batchSize);
      await writer.writeRows(batch.rows);
      rows += batch.rows.length;
      // Leads added meanwhile can make the file longer than first counted.
      await context.report({ processed: rows, total: Math.max(total, rows) });
      if (batch.rows.length < batchSize || !batch.cursor) break;
      cursor = batch.cursor;
    }
    await writer.finish();
  } catch (error) {
    await writer.discard();
    throw error;
  }
  if (await context.isCancelled()) {
    // Cancelled while the last batch was written: no link for a job the user stopped.
    await rm(path, { force: true });
    return { message: html`Stopped after ${plural(rows)}: the export was cancelled.` };
  }
  return publish(context, payload, rows);
}

/** The export job and the hourly clean-up of expired files (at minute 41, away from the other schedules). */
export function registerLeadExportJobs(jobs: JobQueue, options: ExportRunOptions = {}): void {
  jobs.register(leadExportJobType, (context) => runLeadExport(context, options));
  jobs.schedule('lead.export.cleanup', '41 * * * *', async () => {
    await removeExpiredExports(options.directory ?? exportDirectory());
  });
}
