/**
 * Who works on a job, held in its row (several API and worker processes share one database): the attempt that claimed
 * it beats a heartbeat into `heartbeat_at` while it runs. A running job whose heartbeat is older than `staleSeconds`
 * has lost its worker (killed, crashed, out of memory), and any working process claims it again: at start-up and every
 * `sweepSeconds`. pg-boss alone found a dead worker's job only when the job expired, 15 minutes on; meanwhile the
 * import sat at "running 40 %". Claims are single statements on the row, so two processes never both win one.
 */
import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs } from '../../db/schema/index.ts';
import { publishJobEvent } from './jobEvents.ts';

export type AttemptTiming = {
  /** How often a running attempt records that it is alive. */
  heartbeatSeconds: number;
  /** A heartbeat older than this means the attempt's worker is gone. */
  staleSeconds: number;
  /** How often a working process looks for such jobs. */
  sweepSeconds: number;
};

/** A dead worker's job resumes within `staleSeconds + sweepSeconds` (40 s) of its last heartbeat. */
type JobRow = typeof jobs.$inferSelect;

export const defaultAttemptTiming: AttemptTiming = { heartbeatSeconds: 10, staleSeconds: 30, sweepSeconds: 10 };

const olderThan = (seconds: number): SQL => sql`now() - make_interval(secs => ${seconds})`;
const stale = (seconds: number) => lt(jobs.heartbeat_at, olderThan(seconds));

const claimed = {
  status: 'running' as const,
  attempts: sql`${jobs.attempts} + 1`,
  started_at: sql`coalesce(${jobs.started_at}, now())`,
  heartbeat_at: sql`now()`,
};

/**
 * Claims a job pg-boss delivered (or a restarted worker was handed): one still pending, or running without a live
 * attempt (its heartbeat stale, or released by a failed attempt). A job another attempt is alive in is left to it.
 */
export async function claimDelivered(db: Db, jobId: number, staleSeconds: number): Promise<JobRow | null> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set(claimed)
      .where(and(eq(jobs.id, jobId), or(eq(jobs.status, 'pending'), and(eq(jobs.status, 'running'), or(isNull(jobs.heartbeat_at), stale(staleSeconds))))))
      .returning();
    if (job) await publishJobEvent(tx, job);
    return job ?? null;
  });
}

/** Claims one running job of these types whose worker has stopped beating, or null when there is none. */
export async function claimStalled(db: Db, types: readonly string[], staleSeconds: number): Promise<JobRow | null> {
  if (types.length === 0) return null;
  const typeList = sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );
  // Skip locked: a job another process is claiming (or committing a batch of) is not waited for.
  const candidate = sql`(select ${jobs.id} from ${jobs} where ${jobs.status} = 'running' and ${jobs.type} in (${typeList})
    and ${jobs.heartbeat_at} < ${olderThan(staleSeconds)} order by ${jobs.id} limit 1 for update skip locked)`;
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set(claimed)
      .where(and(sql`${jobs.id} = ${candidate}`, eq(jobs.status, 'running'), stale(staleSeconds)))
      .returning();
    if (job) await publishJobEvent(tx, job);
    return job ?? null;
  });
}

/** Only the attempt that holds the job (by its attempt number) may beat for it, finish it or fail it. */
export const heldBy = (job: Pick<JobRow, 'id' | 'attempts'>) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running'));

export type Heartbeat = { stop(): void; lost(): boolean };

/**
 * Beats for the attempt until stopped. Once a beat finds the job no longer held (cancelled, or claimed by another
 * process that took this one for dead), `lost()` is true and the handler stops at its next check.
 */
export function startHeartbeat(db: Db, job: JobRow, seconds: number): Heartbeat {
  let lost = false;
  const timer = setInterval(() => {
    db.update(jobs)
      .set({ heartbeat_at: sql`now()` })
      .where(heldBy(job))
      .returning({ id: jobs.id })
      .then((rows) => {
        if (rows.length === 0) lost = true;
      })
      .catch((error: unknown) => console.error(`heartbeat of job ${job.id}:`, error instanceof Error ? error.message : error));
  }, seconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer), lost: () => lost };
}

/** Lets the job be claimed again after `seconds` (a failed attempt's retry), by pg-boss's retry or any sweep. */
export async function releaseForRetry(db: Db, job: JobRow, error: string, seconds: number, staleSeconds: number): Promise<void> {
  await db
    .update(jobs)
    .set({ error, heartbeat_at: olderThan(Math.max(staleSeconds - seconds, 0)) })
    .where(heldBy(job));
}
