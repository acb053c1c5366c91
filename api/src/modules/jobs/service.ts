import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Job, PaginationQuery } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { jobs } from '../../db/schema/index.ts';
import { notFound, HttpError } from '../../http/errors.ts';
import { pageWindow, paginationMetaOf } from '../../http/pagination.ts';
import { defaultAttemptTiming } from './attempts.ts';
import { publishJobEvent } from './jobEvents.ts';

export type JobRow = typeof jobs.$inferSelect;

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    total: row.total,
    pending: row.pending,
    processed: row.processed,
    failed: row.failed,
    progress: row.progress,
    error: row.error,
    attempts: row.attempts,
    stalled: row.status === 'running' && row.heartbeat_at !== null && Date.now() - row.heartbeat_at.getTime() > defaultAttemptTiming.staleSeconds * 1000,
    result: row.result ?? null,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listJobs(db: Db, userId: number, query: PaginationQuery) {
  const mine = eq(jobs.user_id, userId);
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db.select().from(jobs).where(mine).orderBy(desc(jobs.created_at), desc(jobs.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(jobs).where(mine),
  ]);
  return { data: rows.map(toJob), meta: paginationMetaOf(query, total?.total ?? 0) };
}

export async function findJob(db: Db, userId: number, jobId: number): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.user_id, userId)))
    .limit(1);
  if (!row) throw notFound('Job');
  return row;
}

/**
 * One of the user's own jobs of one type, for the screen that started it (an importer or exporter may not hold the
 * jobs page's permission); any other job, or someone else's, is not found as `what`.
 */
export async function findOwnJobOfType(db: Db, userId: number, jobId: number, type: string, what: string): Promise<JobRow> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.user_id, userId), eq(jobs.type, type)))
    .limit(1);
  if (!row) throw notFound(what);
  return row;
}

/** Cancels a pending or running job; its handler sees the cancel at its next check and stops. */
export async function cancelJob(db: Db, userId: number, jobId: number): Promise<JobRow> {
  await findJob(db, userId, jobId);
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(jobs)
      .set({ status: 'cancelled', cancelled_at: sql`now()` })
      .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['pending', 'running'])))
      .returning();
    if (cancelled) await publishJobEvent(tx, cancelled);
    return cancelled;
  });
  if (!row) throw new HttpError(409, 'The job has already ended.');
  return row;
}
