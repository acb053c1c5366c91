/**
 * The import job (`lead.import`, issue 6). An attempt counts the rows (a file above the limit fails the job before
 * anything is written), then commits batch after batch (batch.ts), each with the job's progress and a checkpoint.
 * A retry or a restarted worker resumes after the last committed row. A cancel stops it at the next batch; what was
 * committed stays, and the job row keeps the counts so far.
 */
import { importMessages } from '@crm/shared/contract';
import { analyzeAfterBulkWrite, refreshSmallTableStatistics } from '../../../db/statistics.ts';
import { failedLeads, leads } from '../../../db/schema/index.ts';
import { HttpError } from '../../../http/errors.ts';
import { PermanentJobError, type JobContext, type JobOutcome, type JobQueue } from '../../jobs/queue.ts';
import type { JobRow } from '../../jobs/service.ts';
import { html } from '../../notifications/html.ts';
import { checkpointOf, commitBatch, type BatchContext, type BatchResult, type ImportCheckpoint } from './batch.ts';
import { columnMapping } from './mapping.ts';
import { readRows, UnreadableFileError } from './readers/index.ts';
import { loadImportReferences } from './references.ts';
import { reportSummary } from './report.ts';
import { measureWithinLimit, newCheckState, prepareBatch, readOptionsOf, rowBatches } from './run.ts';
import { defaultImportBatchRows, leadImportJobType, leadImportPayload, type ImportRequestData } from './schema.ts';
import { findUpload, type StoredUpload } from './uploads.ts';

export type ImportJobHooks = {
  /** Called after each committed batch (tests pause or break an attempt here, to prove cancel and resume). */
  afterCommit?: (checkpoint: ImportCheckpoint) => Promise<void> | void;
  /** "Import then send": starts the send of the imported leads (once per import, however many attempts). */
  startSend?: (job: JobRow, departmentId: number) => Promise<JobRow>;
};

/** Starts the import of the caller's upload (its ownership and the fixed values are checked by the route). */
export async function startImport(jobs: JobQueue, userId: number, upload: StoredUpload, request: ImportRequestData): Promise<JobRow> {
  return jobs.dispatch({ userId, type: leadImportJobType, name: `Import ${upload.file_name}`, payload: request });
}

/** The problems no retry can fix end the job at once, with the message the person must act on. */
async function permanently<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError || error instanceof UnreadableFileError) throw new PermanentJobError(error.message);
    throw error;
  }
}

export async function runLeadImport(context: JobContext, hooks: ImportJobHooks = {}): Promise<JobOutcome> {
  const { db, job } = context;
  const parsed = leadImportPayload.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('The import request stored with the job is not valid.');
  const payload = parsed.data;
  const upload = await findUpload(db, payload.upload_id);
  if (!upload) throw new PermanentJobError('The uploaded file no longer exists: upload it again.');
  const references = await permanently(() => loadImportReferences(db, payload.fixed));
  const options = readOptionsOf(payload);
  const measure = await permanently(() => measureWithinLimit(upload, options));
  if (measure === null) throw new PermanentJobError(importMessages.tooManyRows);
  const total = measure.rows;

  let checkpoint = checkpointOf(job.result);
  await context.report({ processed: checkpoint.valid, failed: checkpoint.rows - checkpoint.valid, total });

  const batchContext: BatchContext = { db, jobId: job.id, userId: job.user_id, total, references, state: newCheckState({ committing: true }), distribute: payload.auto_distribute };
  const mapping = columnMapping(payload);
  let inFlight: Promise<BatchResult> | null = null;
  let cancelled = false;
  let committedBatches = 0;
  const settle = async () => {
    if (!inFlight) return;
    const result = await inFlight;
    inFlight = null;
    if (result.cancelled) {
      cancelled = true;
      return;
    }
    checkpoint = result.checkpoint;
    committedBatches += 1;
    if (committedBatches === 1) await refreshSmallTableStatistics(db, leads);
    await hooks.afterCommit?.(checkpoint);
  };

  await permanently(async () => {
    try {
      for await (const rows of rowBatches(readRows(upload, options), payload.batch_size ?? defaultImportBatchRows, checkpoint.last_row)) {
        // This batch is prepared while the previous one commits; then it waits for that commit to be known.
        const batch = await prepareBatch(rows, mapping, references);
        await settle();
        if (cancelled) break;
        inFlight = commitBatch(batchContext, checkpoint, batch);
        // Observed at the next settle(); until then a failure must not count as an unhandled rejection.
        inFlight.catch(() => undefined);
      }
      await settle();
    } finally {
      // Reading failed while a batch was committing: let that transaction end before the attempt does.
      await inFlight?.catch(() => undefined);
    }
  });

  // Also after a cancel: what was committed stays, and the lead search estimates its counts from these statistics.
  if (committedBatches > 0) await analyzeAfterBulkWrite(db, leads, failedLeads);
  const { last_row: _lastRow, ...report } = checkpoint;
  const summary = reportSummary(report);
  if (cancelled) return { result: report, message: html`Stopped: ${summary}` };
  const sending = payload.send_department_id != null && report.valid > 0 && hooks.startSend ? await hooks.startSend(job, payload.send_department_id) : null;
  return { result: report, message: sending ? html`${summary} Sending them: ${sending.name}.` : html`${summary}` };
}
