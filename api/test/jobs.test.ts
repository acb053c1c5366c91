import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, sql } from 'drizzle-orm';
import { job as jobSchema } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { defaultAttemptTiming } from '../src/modules/jobs/attempts.ts';
import { JobQueue } from '../src/modules/jobs/queue.ts';
import { html } from '../src/modules/notifications/html.ts';
import { bearer, createTestContext, waitFor, type TestContext } from './helpers.ts';

/** Work units each test job processes, kept here so a retried attempt can be seen to skip done units. */
const processedUnits = new Map<number, Set<number>>();
let flakyFailuresLeft = 1;

describe('background jobs and their notifications', () => {
  let context: TestContext;
  let userId: number;
  let token: string;

  before(async () => {
    context = await createTestContext({
      jobs: { maxAttempts: 2 },
      registerJobs: (jobs) => {
        jobs.register('test.count', async ({ job, report }) => {
          const total = Number((job.payload as { total: number }).total);
          for (let unit = 1; unit <= total; unit += 1) await report({ processed: unit, total });
          return { result: { counted: total }, message: html`Counted ${total} units.` };
        });
        jobs.register('test.flaky', async ({ job, report }) => {
          const done = processedUnits.get(job.id) ?? new Set<number>();
          processedUnits.set(job.id, done);
          for (const unit of [1, 2, 3, 4]) {
            if (done.has(unit)) continue; // idempotent: a retry does not redo finished units
            if (unit === 3 && flakyFailuresLeft > 0) {
              flakyFailuresLeft -= 1;
              throw new Error('simulated crash mid-job');
            }
            done.add(unit);
            await report({ processed: done.size, total: 4 });
          }
        });
        jobs.schedule('test.nightly', '17 3 * * *', async () => undefined);
        jobs.register('test.broken', async () => {
          throw new Error('always broken');
        });
        jobs.register('test.slow', async ({ isCancelled, report }) => {
          for (let step = 1; step <= 200; step += 1) {
            if (await isCancelled()) return { message: html`stopped` };
            await report({ processed: step, total: 200 });
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          return { message: html`done` };
        });
      },
    });
    const user = await context.userWith(['user.profile.job.view', 'user.profile.job.cancel', 'user.profile.notification.view']);
    userId = user.id;
    token = user.token;
  });
  after(() => context.close());

  const jobRow = (id: number) =>
    context.database.db
      .select()
      .from(tables.jobs)
      .where(eq(tables.jobs.id, id))
      .then((rows) => rows[0]);
  const ended = (id: number) =>
    waitFor(async () => {
      const row = await jobRow(id);
      return row && ['finished', 'failed', 'cancelled'].includes(row.status) ? row : null;
    });

  test('a job runs to the end, records progress and notifies its owner', async () => {
    const created = await context.jobs.dispatch({ userId, type: 'test.count', name: 'Counting', payload: { total: 5 } });
    const row = await ended(created.id);
    assert.equal(row.status, 'finished');
    assert.equal(row.processed, 5);
    assert.equal(row.total, 5);
    assert.equal(row.pending, 0);
    assert.equal(row.progress, 100);
    assert.ok(row.finished_at);
    assert.deepEqual(row.result, { counted: 5 });

    const notifications = await context.database.db.select().from(tables.notifications).where(eq(tables.notifications.job_id, created.id));
    assert.equal(notifications.length, 1);
    assert.equal(notifications[0]?.type, 'success');
    assert.equal(notifications[0]?.message, 'Counted 5 units.');

    const response = await context.app.inject({ method: 'GET', url: `/api/jobs/${created.id}`, headers: bearer(token) });
    assert.equal(response.statusCode, 200);
    assert.equal(jobSchema.parse((response.json() as { data: unknown }).data).status, 'finished');
  });

  test('a crashed attempt is retried and does not redo finished work', async () => {
    // A job's name carries user-written text (an uploaded file's name): the default message escapes it.
    const created = await context.jobs.dispatch({ userId, type: 'test.flaky', name: 'Flaky <img src="https://evil.test/p.gif">' });
    const row = await ended(created.id);
    assert.equal(row.status, 'finished');
    assert.equal(row.attempts, 2);
    assert.equal(row.processed, 4);
    assert.deepEqual([...(processedUnits.get(created.id) ?? [])], [1, 2, 3, 4]);
    const [notification] = await context.database.db.select().from(tables.notifications).where(eq(tables.notifications.job_id, created.id));
    assert.equal(notification?.message, 'Flaky &#60;img src=&#34;https://evil.test/p.gif&#34;&#62; finished.');
  });

  test('a job failing every attempt ends failed with a failure notification', async () => {
    const created = await context.jobs.dispatch({ userId, type: 'test.broken', name: 'Broken <a href="https://evil.test">sign in</a>' });
    const row = await ended(created.id);
    assert.equal(row.status, 'failed');
    assert.equal(row.error, 'always broken');
    assert.equal(row.attempts, 2);
    const [notification] = await context.database.db
      .select()
      .from(tables.notifications)
      .where(and(eq(tables.notifications.job_id, created.id), eq(tables.notifications.type, 'failure')));
    assert.equal(notification?.message, 'Broken &#60;a href=&#34;https://evil.test&#34;&#62;sign in&#60;/a&#62; failed: always broken');
  });

  test('cancel stops a running job; a second cancel is refused', async () => {
    const created = await context.jobs.dispatch({ userId, type: 'test.slow', name: 'Slow' });
    await waitFor(async () => ((await jobRow(created.id))?.processed ?? 0) > 2);
    const cancel = await context.app.inject({ method: 'PUT', url: `/api/jobs/${created.id}/cancel`, headers: bearer(token) });
    assert.equal(cancel.statusCode, 200);
    const row = await ended(created.id);
    assert.equal(row.status, 'cancelled');
    assert.ok(row.cancelled_at);
    // A step already past its check when the cancel came may still record itself (the handler stops at its next
    // check); after that, nothing: the slow job would record six more steps in 300 ms.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
    await pause();
    const settled = (await jobRow(created.id))?.processed ?? Number.NaN;
    assert.ok(settled <= row.processed + 1, `at most the step in flight after the cancel (${row.processed} then ${settled})`);
    await pause();
    assert.equal((await jobRow(created.id))?.processed, settled, 'no work after the cancel');
    const again = await context.app.inject({ method: 'PUT', url: `/api/jobs/${created.id}/cancel`, headers: bearer(token) });
    assert.equal(again.statusCode, 409);
  });

  test('the job list holds only my jobs; another user cannot read or cancel them', async () => {
    const list = await context.app.inject({ method: 'GET', url: '/api/jobs?per_page=50', headers: bearer(token) });
    const body = list.json() as { data: { id: number }[]; meta: { total: number } };
    assert.equal(body.meta.total, 4);
    const stranger = await context.userWith(['user.profile.job.view', 'user.profile.job.cancel']);
    const strangerList = await context.app.inject({ method: 'GET', url: '/api/jobs', headers: bearer(stranger.token) });
    assert.equal((strangerList.json() as { meta: { total: number } }).meta.total, 0);
    const first = body.data[0]!.id;
    assert.equal((await context.app.inject({ method: 'GET', url: `/api/jobs/${first}`, headers: bearer(stranger.token) })).statusCode, 404);
    assert.equal((await context.app.inject({ method: 'PUT', url: `/api/jobs/${first}/cancel`, headers: bearer(stranger.token) })).statusCode, 404);
  });

  test('a job whose worker died (running, heartbeat stale) is resumed by another process within a minute, and shown as stalled meanwhile', async () => {
    assert.ok(defaultAttemptTiming.staleSeconds + defaultAttemptTiming.sweepSeconds < 60, 'stale, then found by the next sweep: within a minute');
    // What a killed worker leaves: the row running at 40 %, its last heartbeat 31 s ago.
    const [dead] = await context.database.db
      .insert(tables.jobs)
      .values({
        user_id: userId,
        type: 'test.count',
        name: 'Dead worker',
        status: 'running',
        attempts: 1,
        payload: { total: 5 },
        total: 5,
        processed: 2,
        progress: 40,
        heartbeat_at: sql`now() - interval '31 seconds'`,
      })
      .returning();
    const shown = await context.app.inject({ method: 'GET', url: `/api/jobs/${dead!.id}`, headers: bearer(token) });
    assert.deepEqual((({ status, stalled, attempts }) => ({ status, stalled, attempts }))(jobSchema.parse((shown.json() as { data: unknown }).data)), {
      status: 'running',
      stalled: true,
      attempts: 1,
    });
    // Another worker process with the default timing starts: it claims the job at once (and every 10 s after).
    const other = new JobQueue(context.database, { pollingIntervalSeconds: 0.5 });
    other.register('test.count', async ({ report }) => {
      await report({ processed: 5, total: 5 });
      return { message: html`resumed` };
    });
    const startedAt = Date.now();
    await other.start({ work: true });
    try {
      const row = await ended(dead!.id);
      assert.ok(Date.now() - startedAt < 60_000);
      assert.deepEqual([row.status, row.attempts, row.processed], ['finished', 2, 5]);
    } finally {
      await other.stop();
    }
  });

  test('a live attempt keeps its job: no other process claims it while its heartbeat is fresh', async () => {
    const eager = new JobQueue(context.database, { attempts: { staleSeconds: 1 } });
    eager.register('test.slow', async () => ({ message: html`claimed twice` }));
    const created = await context.jobs.dispatch({ userId, type: 'test.slow', name: 'Alive' });
    await waitFor(async () => ((await jobRow(created.id))?.processed ?? 0) > 2);
    // The slow job reports every 50 ms, and every report is a heartbeat.
    for (let round = 0; round < 6; round += 1) {
      assert.deepEqual(await eager.resumeStalled(), []);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await context.app.inject({ method: 'PUT', url: `/api/jobs/${created.id}/cancel`, headers: bearer(token) });
    assert.equal((await ended(created.id)).attempts, 1);
  });

  test('a job whose worker died at every attempt ends failed once the attempts are used up', async () => {
    const [dead] = await context.database.db
      .insert(tables.jobs)
      .values({ user_id: userId, type: 'test.count', name: 'Crash loop', status: 'running', attempts: 2, payload: { total: 1 }, heartbeat_at: sql`now() - interval '1 minute'` })
      .returning();
    const other = new JobQueue(context.database, { maxAttempts: 2 });
    other.register('test.count', async () => assert.fail('not run again'));
    assert.deepEqual(
      (await other.resumeStalled()).map((job) => job.id),
      [dead!.id],
    );
    const row = await ended(dead!.id);
    assert.deepEqual([row.status, row.attempts], ['failed', 3]);
    assert.match(row.error ?? '', /interrupted 2 times/);
  });

  test('a maintenance task is stored as one pg-boss cron schedule (UTC), shared by every instance', async () => {
    const schedules = await context.database.pool.query<{ name: string; cron: string }>(`select name, cron from pgboss.schedule where name = 'crm.test.nightly'`);
    assert.equal(schedules.rows.length, 1);
    assert.equal(schedules.rows[0]?.cron, '17 3 * * *');
  });
});
