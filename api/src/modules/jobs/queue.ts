/**
 * Background jobs: a `jobs` row per user-visible job (what the jobs page shows) and a pg-boss job on the
 * same database that carries only its id. pg-boss gives delivery and retries; the row gives progress, the
 * final state and who is working on it (attempts.ts: a heartbeat, and the claim of a dead worker's job by
 * any working process within a minute). Handlers must be idempotent: a retried attempt finds its earlier
 * work already stored (unique keys per job and row).
 */
import { eq, sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import type { Database, Db } from '../../db/database.ts';
import { jobs } from '../../db/schema/index.ts';
import { html, type Html } from '../notifications/html.ts';
import { notify } from '../notifications/service.ts';
import { claimDelivered, claimStalled, defaultAttemptTiming, heldBy, releaseForRetry, startHeartbeat, type AttemptTiming } from './attempts.ts';
import { publishJobEvent } from './jobEvents.ts';
import type { JobRow } from './service.ts';

export type JobContext = {
  job: JobRow;
  db: Db;
  /** Records progress; `total` may be set once it is known. */
  report(progress: { processed: number; failed?: number; total?: number }): Promise<void>;
  /** True once a user cancelled the job: the handler stops at its next check. */
  isCancelled(): Promise<boolean>;
};

export type JobOutcome = { result?: unknown; message?: Html };

/** A failure another attempt cannot cure (the input itself is refused): the job fails at once, without retries. */
export class PermanentJobError extends Error {}

export type JobHandler = (context: JobContext) => Promise<JobOutcome | void>;

/** A process-long loop of a working process (`JobQueue.runner`). */
export type Runner = { stop(): Promise<void> };

export type JobQueueOptions = {
  /** Attempts before a job is marked failed. */
  maxAttempts?: number;
  /** How long an attempt may run before pg-boss considers its worker dead and retries it. */
  expireInSeconds?: number;
  pollingIntervalSeconds?: number;
  /** Wait before a failed attempt is retried. */
  retryDelaySeconds?: number;
  /** Heartbeat, staleness and sweep of attempts (attempts.ts). */
  attempts?: Partial<AttemptTiming>;
};

const queueName = (type: string) => `crm.${type.replaceAll(/[^a-z0-9_.-]/gi, '_')}`;

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly maintenance = new Map<string, { cron: string; run: () => Promise<void> }>();
  private readonly runners = new Map<string, () => Promise<Runner>>();
  private readonly runningRunners: Runner[] = [];
  private readonly maxAttempts: number;
  private readonly expireInSeconds: number;
  private readonly pollingIntervalSeconds: number;
  private readonly retryDelaySeconds: number;
  private readonly timing: AttemptTiming;
  private started = false;
  private sweeper: NodeJS.Timeout | null = null;
  /** Attempts this process resumed from dead workers (not pg-boss deliveries): `stop` waits for them. */
  private readonly resumed = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    options: JobQueueOptions = {},
  ) {
    this.maxAttempts = options.maxAttempts ?? 3;
    this.expireInSeconds = options.expireInSeconds ?? 15 * 60;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    this.retryDelaySeconds = options.retryDelaySeconds ?? 5;
    this.timing = { ...defaultAttemptTiming, ...options.attempts };
    const pool = database.pool;
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) },
      backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
      schema: 'pgboss',
    });
    this.boss.on('error', (error: Error) => console.error('job queue error:', error.message));
  }

  /** Registers the handler of a job type (before `start`). */
  register(type: string, handler: JobHandler): void {
    this.handlers.set(type, handler);
  }

  /**
   * Registers a maintenance task (before `start`) run on a cron schedule (UTC) by whichever worker takes
   * it: no jobs row and no notification, as no user asked for it. pg-boss keeps one schedule per name
   * across every instance, so the task runs once per occurrence however many workers there are.
   */
  schedule(name: string, cron: string, run: () => Promise<void>): void {
    this.maintenance.set(name, { cron, run });
  }

  /**
   * Registers a loop (before `start`) that every working process runs from its start to its stop, beside the jobs: work
   * that must begin at once rather than when a poll comes round (the distribution worker, woken by notifications).
   */
  runner(name: string, start: () => Promise<Runner>): void {
    this.runners.set(name, start);
  }

  /** Starts the queue; with `work`, this process also runs the registered handlers and runners. */
  async start({ work }: { work: boolean }): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const type of this.handlers.keys()) await this.boss.createQueue(queueName(type));
    for (const [name, task] of this.maintenance) {
      await this.boss.createQueue(queueName(name));
      await this.boss.schedule(queueName(name), task.cron, null, { tz: 'UTC' });
    }
    if (!work) return;
    for (const [name, task] of this.maintenance) {
      await this.boss.work(queueName(name), { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 }, () => task.run());
    }
    for (const [type, handler] of this.handlers) {
      await this.boss.work<{ jobId: number }>(queueName(type), { pollingIntervalSeconds: this.pollingIntervalSeconds, batchSize: 1 }, async ([delivery]) => {
        if (delivery) await this.run(delivery.data.jobId, handler);
      });
    }
    for (const start of this.runners.values()) this.runningRunners.push(await start());
    // Jobs whose worker died are claimed at once (a restarted worker takes its own back) and then every sweep.
    await this.resumeStalled();
    this.sweeper = setInterval(() => void this.resumeStalled().catch((error: unknown) => console.error('job sweep error:', error)), this.timing.sweepSeconds * 1000);
  }

  async stop(): Promise<void> {
    await Promise.all(this.runningRunners.splice(0).map((runner) => runner.stop()));
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    if (this.started) {
      this.started = false;
      await this.boss.stop({ graceful: true, timeout: 10_000, close: false });
    }
    await Promise.all(this.resumed);
  }

  /**
   * Claims and runs, in the background, every running job of a registered type whose worker stopped beating;
   * returns the claimed rows (as claimed). A job that has used up its attempts this way fails instead.
   */
  async resumeStalled(): Promise<JobRow[]> {
    const taken: JobRow[] = [];
    const types = [...this.handlers.keys()];
    for (;;) {
      const job = await claimStalled(this.database.db, types, this.timing.staleSeconds);
      if (!job) return taken;
      taken.push(job);
      const handler = this.handlers.get(job.type);
      if (!handler) continue;
      const attempt = this.attempt(job, handler).catch((error: unknown) => console.error(`resumed job ${job.id}:`, error instanceof Error ? error.message : error));
      this.resumed.add(attempt);
      void attempt.finally(() => this.resumed.delete(attempt));
    }
  }

  /** Creates the job row and queues it; returns the row. */
  async dispatch(input: { userId: number | null; type: string; name: string; payload?: Record<string, unknown>; total?: number }): Promise<JobRow> {
    if (!this.handlers.has(input.type)) throw new Error(`no handler for job type ${input.type}`);
    const db = this.database.db;
    const [row] = await db
      .insert(jobs)
      .values({ user_id: input.userId, type: input.type, name: input.name, payload: input.payload ?? {}, total: input.total ?? 0, pending: input.total ?? 0 })
      .returning();
    if (!row) throw new Error('job insert returned nothing');
    await this.boss.send(
      queueName(input.type),
      { jobId: row.id },
      {
        singletonKey: String(row.id),
        retryLimit: this.maxAttempts - 1,
        retryDelay: this.retryDelaySeconds,
        expireInSeconds: this.expireInSeconds,
      },
    );
    return row;
  }

  /**
   * Runs one attempt of a job here and now, as a worker does when pg-boss delivers it: what a restarted worker does
   * with a job its predecessor died in (the import's resume test runs it in a second process).
   */
  async runAttempt(jobId: number): Promise<void> {
    const [row] = await this.database.db.select({ type: jobs.type }).from(jobs).where(eq(jobs.id, jobId));
    const handler = row ? this.handlers.get(row.type) : undefined;
    if (!handler) throw new Error(`no handler for job ${jobId}`);
    await this.run(jobId, handler);
  }

  private async run(jobId: number, handler: JobHandler): Promise<void> {
    const job = await claimDelivered(this.database.db, jobId, this.timing.staleSeconds);
    if (job) await this.attempt(job, handler);
  }

  /** Runs a claimed attempt: a heartbeat while it works, then the final state, a retry or the failure. */
  private async attempt(job: JobRow, handler: JobHandler): Promise<void> {
    const db = this.database.db;
    const jobId = job.id;
    if (job.attempts > this.maxAttempts) {
      // Only a worker that died in each attempt gets here (a failing attempt fails the job at its last try).
      await this.fail(job, `The job was interrupted ${this.maxAttempts} times (its worker stopped each time) and was given up.`);
      return;
    }
    const heartbeat = startHeartbeat(db, job, this.timing.heartbeatSeconds);
    let knownTotal = job.total;
    const context: JobContext = {
      job,
      db,
      report: async ({ processed, failed = 0, total }) => {
        if (total !== undefined) knownTotal = total;
        const pending = Math.max(knownTotal - processed - failed, 0);
        const progress = knownTotal > 0 ? Math.min(100, Math.floor(((processed + failed) * 100) / knownTotal)) : 0;
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(jobs)
            .set({ processed, failed, total: knownTotal, pending, progress, heartbeat_at: sql`now()` })
            .where(heldBy(job))
            .returning();
          if (row) await publishJobEvent(tx, row);
        });
      },
      isCancelled: async () => {
        if (heartbeat.lost()) return true;
        const [current] = await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
        return current?.status === 'cancelled';
      },
    };

    try {
      const outcome = (await handler(context)) ?? {};
      // The final state, its notification and their live events commit together: whoever sees one sees the others.
      await db.transaction(async (tx) => {
        const [finished] = await tx
          .update(jobs)
          .set({ status: 'finished', finished_at: sql`now()`, pending: 0, progress: 100, result: outcome.result ?? null, error: null, heartbeat_at: null })
          .where(heldBy(job))
          .returning();
        if (finished?.user_id) {
          await notify(tx, { userId: finished.user_id, type: 'success', title: `${finished.name} finished`, message: outcome.message ?? html`${finished.name} finished.`, jobId });
        }
        if (finished) await publishJobEvent(tx, finished);
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (job.attempts < this.maxAttempts && !(error instanceof PermanentJobError)) {
        await releaseForRetry(db, job, message, this.retryDelaySeconds, this.timing.staleSeconds);
        throw error; // pg-boss retries it (or a sweep does, for an attempt resumed from a dead worker)
      }
      await this.fail(job, message);
    } finally {
      heartbeat.stop();
    }
  }

  private async fail(job: JobRow, message: string): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      const [failed] = await tx
        .update(jobs)
        .set({ status: 'failed', finished_at: sql`now()`, error: message, heartbeat_at: null })
        .where(heldBy(job))
        .returning();
      if (failed?.user_id) {
        await notify(tx, { userId: failed.user_id, type: 'failure', title: `${failed.name} failed`, message: html`${failed.name} failed: ${message}`, jobId: job.id });
      }
      if (failed) await publishJobEvent(tx, failed);
    });
  }
}
