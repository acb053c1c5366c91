/**
 * One batch of the import job in one transaction: its leads (queued for distribution when asked), failed leads and the
 * job's progress commit together, so the job row always says how far the import has really got. The job row carries a
 * checkpoint in its `result` (the counts so far and the last committed row): a retried or restarted attempt resumes
 * right after it, so no row is lost or imported twice.
 */
import { eq } from 'drizzle-orm';
import { importReport, type ImportReport } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { jobs } from '../../../db/schema/index.ts';
import { publishJobEvent } from '../../jobs/jobEvents.ts';
import { enqueueDistribution } from '../distributionQueue.ts';
import { lockAllContacts } from '../intake/duplicates.ts';
import { decideBatch, type CheckState } from './checks.ts';
import type { ImportReferences } from './references.ts';
import { countOutcomes, emptyReport, refusedRows } from './report.ts';
import type { RowCandidate, RowRefusal } from './schema.ts';
import { insertFailedLeads, insertLeads } from './write.ts';

export type ImportCheckpoint = ImportReport & { last_row: number };

export function checkpointOf(result: unknown): ImportCheckpoint {
  const parsed = importReport.safeParse(result);
  const lastRow = (result as { last_row?: unknown } | null)?.last_row;
  if (!parsed.success || typeof lastRow !== 'number') return { ...emptyReport(), last_row: 0 };
  return { ...parsed.data, last_row: lastRow };
}

/** A batch's rows checked in JavaScript: candidates for the database checks, refusals, and blank lines skipped. */
export type PreparedBatch = { candidates: RowCandidate[]; refused: RowRefusal[]; blankLines: number; lastRow: number };

/** `distribute`: the batch's new leads are queued for distribution in its transaction (the import's `auto_distribute`). */
export type BatchContext = { db: Db; jobId: number; userId: number | null; total: number; references: ImportReferences; state: CheckState; distribute: boolean };

export type BatchResult = { cancelled: true } | { cancelled: false; checkpoint: ImportCheckpoint };

/** Thrown when the job row's checkpoint is not the one this attempt continues from: another attempt got there first. */
class SupersededAttemptError extends Error {}

export async function commitBatch(context: BatchContext, previous: ImportCheckpoint, batch: PreparedBatch): Promise<BatchResult> {
  const { db, jobId } = context;
  return db.transaction(async (tx): Promise<BatchResult> => {
    // The job row is locked first: a cancel, or a second attempt of the same job, waits for this batch to end.
    const [job] = await tx.select({ status: jobs.status, result: jobs.result }).from(jobs).where(eq(jobs.id, jobId)).for('update');
    // The cancel is read under the lock rather than before the transaction: a cancel can never slip in between.
    if (!job || job.status === 'cancelled') return { cancelled: true };
    if (checkpointOf(job.result).last_row !== previous.last_row) throw new SupersededAttemptError(`Another attempt of import job ${jobId} has moved past row ${previous.last_row}.`);

    await lockAllContacts(tx);
    const decision = await decideBatch(tx, batch.candidates, context.references, context.state);
    const refused = [...batch.refused, ...decision.refused];
    const writeContext = { jobId, userId: context.userId, references: context.references };
    const leadIds = await insertLeads(tx, decision.accepted, writeContext);
    // A retried batch starts over (its earlier transaction rolled back), so it queues the leads it inserts itself.
    if (context.distribute) await enqueueDistribution(tx, leadIds);
    await insertFailedLeads(tx, refused, writeContext);

    const checkpoint: ImportCheckpoint = { ...previous, invalid: { ...previous.invalid }, last_row: batch.lastRow };
    countOutcomes(checkpoint, decision.accepted.length, refused, batch.blankLines);
    const failed = refusedRows(checkpoint);
    const total = Math.max(context.total, checkpoint.rows);
    const [row] = await tx
      .update(jobs)
      .set({
        processed: checkpoint.valid,
        failed,
        total,
        pending: Math.max(total - checkpoint.rows, 0),
        progress: total > 0 ? Math.min(100, Math.floor((checkpoint.rows * 100) / total)) : 0,
        result: checkpoint,
      })
      .where(eq(jobs.id, jobId))
      .returning();
    if (row) await publishJobEvent(tx, row);
    return { cancelled: false, checkpoint };
  });
}
