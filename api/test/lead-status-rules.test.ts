import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Job, LeadStatusSettingItem, Permission } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import type { JobContext } from '../src/modules/jobs/queue.ts';
import { applyLeadStatusRules, dispatchScheduledRun, leadStatusRulesJobType, type StatusRulesResult } from '../src/modules/leads/statusRules/apply.ts';
import { bearer, createTestContext, tableFingerprint, waitFor, type TestContext } from './helpers.ts';

const path = '/api/lead/status/settings';
type Invalid = { message: string; errors: Record<string, string[]> };
type Page = { data: LeadStatusSettingItem[]; meta: { total: number } };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const day = 86_400_000;

describe('lead status rules', () => {
  let context: TestContext;
  let manager: { id: number; token: string };
  /** Lead statuses of our own, so the seed's are left alone: A … H. */
  const status: Record<string, number> = {};
  let emailStatus: number;

  const call = (method: Method, url: string, payload?: Record<string, unknown>, token = manager.token) =>
    context.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  async function createRule(payload: Record<string, unknown>): Promise<LeadStatusSettingItem> {
    const response = await call('POST', path, payload);
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: LeadStatusSettingItem }).data;
  }
  async function assertRefused(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, field: string): Promise<Invalid> {
    const before = await tableFingerprint(context.database);
    const list = (await call('GET', `${path}?per_page=100`)).body;
    const response = await call(method, url, payload);
    assert.equal(response.statusCode, 422, `${JSON.stringify(payload)} → ${response.body}`);
    const body = response.json() as Invalid;
    assert.ok(body.errors[field]?.[0], `names ${field}: ${response.body}`);
    assert.deepEqual(await tableFingerprint(context.database), before);
    assert.equal((await call('GET', `${path}?per_page=100`)).body, list);
    return body;
  }
  async function insertLead(statusKey: string, daysAgo: number, extra: Partial<typeof tables.leads.$inferInsert> = {}): Promise<number> {
    const [row] = await context.database.db
      .insert(tables.leads)
      .values({
        lead_id: `R-${Math.random().toString(36).slice(2, 12)}`,
        email: 'rule@example.com',
        status_id: status[statusKey]!,
        status_changed_at: new Date(Date.now() - daysAgo * day),
        ...extra,
      })
      .returning({ id: tables.leads.id });
    return row!.id;
  }
  async function statusKeysOf(ids: readonly number[]): Promise<string[]> {
    const rows = await context.database.db
      .select({ id: tables.leads.id, status_id: tables.leads.status_id })
      .from(tables.leads)
      .where(inArray(tables.leads.id, [...ids]));
    const keyOf = new Map(Object.entries(status).map(([key, id]) => [id, key]));
    return ids.map((id) => keyOf.get(rows.find((row) => row.id === id)?.status_id ?? -1) ?? '?');
  }
  async function runNow(): Promise<typeof tables.jobs.$inferSelect> {
    const response = await call('POST', `${path}/run`);
    assert.equal(response.statusCode, 202, response.body);
    const body = response.json() as { message: string; data: Job };
    assert.equal(body.data.type, leadStatusRulesJobType);
    assert.equal(body.data.name, 'Apply lead status rules');
    return waitFor(async () => {
      const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, body.data.id));
      return row && ['finished', 'failed', 'cancelled'].includes(row.status) ? row : null;
    });
  }

  before(async () => {
    context = await createTestContext();
    manager = await context.userWith(
      ['lead.statusSetting.view', 'lead.statusSetting.create', 'lead.statusSetting.update', 'lead.statusSetting.delete', 'lead.statusSetting.run'],
      'Rita Rules',
    );
    const rows = await context.database.db
      .insert(tables.statuses)
      .values(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((key) => ({ name: `Rule ${key}`, class: 'lead' as const, bg_color: '#000001', text_color: '#ffffff' })))
      .returning();
    for (const row of rows) status[row.name.slice(-1)] = row.id;
    emailStatus = Number((await context.database.db.execute<{ id: number }>(sql`select id from statuses where class = 'email' limit 1`)).rows[0]!.id);
  });
  after(() => context.close());

  describe('CRUD at /lead/status/settings', () => {
    beforeEach(async () => {
      await context.database.db.delete(tables.leadStatusSettings);
    });

    test('create, list, read, update and delete a rule, with status cells', async () => {
      const created = await call('POST', path, { condition_status_id: status['A'], last_status_id: status['B'], duration_day: 3 });
      assert.equal(created.statusCode, 201, created.body);
      const body = created.json() as { message: string; data: LeadStatusSettingItem };
      assert.equal(body.message, 'Setting successfully created');
      assert.deepEqual(body.data.condition_status, { id: status['A'], name: 'Rule A', bg_color: '#000001', text_color: '#ffffff' });
      assert.equal(body.data.last_status?.name, 'Rule B');
      assert.equal(body.data.duration_day, 3);
      assert.equal(body.data.ignore_duration, false);
      const id = body.data.id;

      const defaults = await createRule({ condition_status_id: status['C'], last_status_id: status['D'] });
      assert.equal(defaults.duration_day, 1, 'a day unless told');

      const list = (await call('GET', `${path}?sort=id&direction=desc`)).json() as Page;
      assert.deepEqual(
        list.data.map((rule) => rule.id),
        [defaults.id, id],
      );
      assert.equal(list.meta.total, 2);
      const filtered = (await call('GET', `${path}?condition_status_id=${status['C']}`)).json() as Page;
      assert.deepEqual(
        filtered.data.map((rule) => rule.id),
        [defaults.id],
      );

      const one = await call('GET', `${path}/${id}`);
      assert.equal((one.json() as { data: LeadStatusSettingItem }).data.last_status_id, status['B']);

      const updated = await call('PUT', `${path}/${id}`, { ignore_duration: true, duration_day: 0 });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal((updated.json() as { message: string }).message, 'Setting successfully updated');
      assert.equal((updated.json() as { data: LeadStatusSettingItem }).data.ignore_duration, true);

      const deleted = await call('DELETE', `${path}/${id}`);
      assert.deepEqual(deleted.json(), { message: 'Setting successfully deleted' });
      assert.equal((await call('GET', `${path}/${id}`)).statusCode, 404);
      assert.equal((await call('PUT', `${path}/${id}`, { duration_day: 2 })).statusCode, 404);
      assert.equal((await call('DELETE', `${path}/${id}`)).statusCode, 404);
    });

    test('statuses must exist, be lead statuses and differ; the duration is a day or more unless ignored', async () => {
      const missing = await assertRefused('POST', path, { condition_status_id: 999_999, last_status_id: status['B'] }, 'condition_status_id');
      assert.equal(missing.errors['condition_status_id']![0], 'The selected status does not exist.');
      const wrongClass = await assertRefused('POST', path, { condition_status_id: status['A'], last_status_id: emailStatus }, 'last_status_id');
      assert.equal(wrongClass.errors['last_status_id']![0], 'The status must be a lead status.');
      await assertRefused('POST', path, { condition_status_id: status['A'], last_status_id: status['A'] }, 'last_status_id');
      await assertRefused('POST', path, { condition_status_id: status['A'], last_status_id: status['B'], duration_day: 0 }, 'duration_day');
      await assertRefused('POST', path, { condition_status_id: status['A'], last_status_id: status['B'], duration_day: 5000 }, 'duration_day');
      await assertRefused('POST', path, { condition_status_id: status['A'] }, 'last_status_id');
      await assertRefused('POST', path, { condition_status_id: status['A'], last_status_id: status['B'], extra: 1 }, 'extra');
      const immediate = await createRule({ condition_status_id: status['A'], last_status_id: status['B'], duration_day: 0, ignore_duration: true });
      assert.equal(immediate.duration_day, 0);
    });

    test('one rule per condition status, and an update is checked as the row it leaves', async () => {
      const rule = await createRule({ condition_status_id: status['A'], last_status_id: status['B'], duration_day: 0, ignore_duration: true });
      const other = await createRule({ condition_status_id: status['C'], last_status_id: status['D'] });
      const taken = await assertRefused('POST', path, { condition_status_id: status['A'], last_status_id: status['C'] }, 'condition_status_id');
      assert.equal(taken.errors['condition_status_id']![0], 'A rule for this condition status already exists.');
      await assertRefused('PUT', `${path}/${other.id}`, { condition_status_id: status['A'] }, 'condition_status_id');
      await assertRefused('PUT', `${path}/${rule.id}`, { ignore_duration: false }, 'duration_day');
      await assertRefused('PUT', `${path}/${rule.id}`, { last_status_id: status['A'] }, 'last_status_id');
      await assertRefused('PUT', `${path}/${other.id}`, { condition_status_id: status['D'] }, 'last_status_id');
      await assertRefused('PUT', `${path}/${other.id}`, { last_status_id: emailStatus }, 'last_status_id');
      await assertRefused('PUT', `${path}/${other.id}`, {}, '_');
      const moved = await call('PUT', `${path}/${other.id}`, { condition_status_id: status['E'] });
      assert.equal(moved.statusCode, 200, moved.body);
    });

    test('each call needs its permission', async () => {
      const rule = await createRule({ condition_status_id: status['A'], last_status_id: status['B'] });
      const cases: [Method, string, Permission, Record<string, unknown>?][] = [
        ['GET', path, 'lead.statusSetting.view'],
        ['GET', `${path}/${rule.id}`, 'lead.statusSetting.view'],
        ['PUT', `${path}/${rule.id}`, 'lead.statusSetting.update', { duration_day: 4 }],
        ['POST', `${path}/run`, 'lead.statusSetting.run'],
        ['DELETE', `${path}/${rule.id}`, 'lead.statusSetting.delete'],
        ['POST', path, 'lead.statusSetting.create', { condition_status_id: status['C'], last_status_id: status['D'] }],
      ];
      const viewer = await context.userWith(['lead.view', 'lead.single.view']);
      for (const [method, url, permission, payload] of cases) {
        const refused = await call(method, url, payload, viewer.token);
        assert.equal(refused.statusCode, 403, `${method} ${url}`);
        const holder = await context.userWith([permission]);
        const allowed = await call(method, url, payload, holder.token);
        assert.ok([200, 201, 202].includes(allowed.statusCode), `${method} ${url} with ${permission}: ${allowed.statusCode} ${allowed.body}`);
      }
      // Let the run started above end before the next test touches the leads.
      await waitFor(async () => {
        const busy = await context.database.db
          .select()
          .from(tables.jobs)
          .where(and(eq(tables.jobs.type, leadStatusRulesJobType), inArray(tables.jobs.status, ['pending', 'running'])));
        return busy.length === 0;
      });
    });
  });

  describe('applying the rules', () => {
    beforeEach(async () => {
      await context.database.db.delete(tables.leadStatusSettings);
    });

    test('run now: stale leads move one step, with a status history per change; chains take one step per run', async () => {
      const chainStart = await createRule({ condition_status_id: status['A'], last_status_id: status['B'], duration_day: 2 });
      const chainNext = await createRule({ condition_status_id: status['B'], last_status_id: status['C'], duration_day: 0, ignore_duration: true });
      const staleA = await insertLead('A', 3);
      const freshA = await insertLead('A', 1);
      const atB = await insertLead('B', 0.01);
      const neverChanged = await insertLead('A', 0, { status_changed_at: null, created_at: new Date(Date.now() - 5 * day) });
      const untouched = await insertLead('H', 30);

      const first = await runNow();
      assert.equal(first.status, 'finished', first.error ?? '');
      assert.deepEqual(await statusKeysOf([staleA, freshA, atB, neverChanged, untouched]), ['B', 'A', 'C', 'B', 'H'], 'A→B for stale leads, B→C at once, one step each');
      const result = first.result as StatusRulesResult;
      assert.equal(result.changed, 3);
      assert.deepEqual(
        result.rules.map((rule) => [rule.id, rule.changed]),
        [
          [chainStart.id, 2],
          [chainNext.id, 1],
        ],
      );
      assert.equal(first.processed, 3);
      assert.equal(first.progress, 100);

      const histories = await context.database.db.select().from(tables.leadStatusHistories).where(eq(tables.leadStatusHistories.lead_id, staleA));
      assert.equal(histories.length, 1);
      assert.deepEqual(
        {
          from: histories[0]!.from_status_id,
          to: histories[0]!.to_status_id,
          cause: histories[0]!.cause,
          rule: histories[0]!.lead_status_setting_id,
          job: histories[0]!.job_id,
          user: histories[0]!.user_id,
        },
        { from: status['A'], to: status['B'], cause: 'rule', rule: chainStart.id, job: first.id, user: null },
      );
      const notification = await context.database.db.select().from(tables.notifications).where(eq(tables.notifications.job_id, first.id));
      assert.equal(notification[0]?.user_id, manager.id);
      assert.equal(notification[0]?.message, '3 leads changed by 2 rules.');

      const second = await runNow();
      assert.deepEqual(await statusKeysOf([staleA, freshA, atB, neverChanged, untouched]), ['C', 'A', 'C', 'C', 'H'], 'the next run takes the next step');
      assert.equal((second.result as StatusRulesResult).changed, 2);
    });

    test('rules that point at each other cannot loop: each lead changes once per run', async () => {
      await createRule({ condition_status_id: status['D'], last_status_id: status['E'], duration_day: 0, ignore_duration: true });
      await createRule({ condition_status_id: status['E'], last_status_id: status['D'], duration_day: 0, ignore_duration: true });
      const atD = await insertLead('D', 1);
      const atE = await insertLead('E', 1);
      await runNow();
      assert.deepEqual(await statusKeysOf([atD, atE]), ['E', 'D']);
      const counts = await context.database.db
        .select({ lead: tables.leadStatusHistories.lead_id })
        .from(tables.leadStatusHistories)
        .where(inArray(tables.leadStatusHistories.lead_id, [atD, atE]));
      assert.equal(counts.length, 2);
      await runNow();
      assert.deepEqual(await statusKeysOf([atD, atE]), ['D', 'E']);
    });

    /** A job row and a context to call the handler directly, as the queue would. */
    async function directRun() {
      const [job] = await context.database.db
        .insert(tables.jobs)
        .values({ type: leadStatusRulesJobType, name: 'Apply lead status rules', status: 'running', attempts: 1, started_at: new Date() })
        .returning();
      const reports: { processed: number; total?: number }[] = [];
      const contextFor = (attempts: number, isCancelled: () => Promise<boolean> = async () => false): JobContext => ({
        job: { ...job!, attempts },
        db: context.database.db,
        report: async (progress) => {
          reports.push(progress);
        },
        isCancelled,
      });
      // Not run through the queue, so the row would stay `running` (a run under way) unless closed here.
      const finish = () => context.database.db.update(tables.jobs).set({ status: 'finished' }).where(eq(tables.jobs.id, job!.id));
      return { job: job!, reports, contextFor, finish };
    }

    test('works in batches and keeps going past leads that are not stale yet', async () => {
      const rule = await createRule({ condition_status_id: status['F'], last_status_id: status['G'], duration_day: 1 });
      const sameInstant = new Date(Date.now() - 10 * day);
      const stale: number[] = [];
      const recent: number[] = [];
      // Leads created at one instant (the cursor must break ties by id), with fresh ones in between.
      for (let index = 0; index < 7; index += 1) {
        stale.push(await insertLead('F', 2, { created_at: sameInstant }));
        recent.push(await insertLead('F', 0.5, { created_at: sameInstant }));
      }
      const run = await directRun();
      const outcome = await applyLeadStatusRules(run.contextFor(1), { batchSize: 2 });
      assert.deepEqual(await statusKeysOf(stale), Array(7).fill('G'));
      assert.deepEqual(await statusKeysOf(recent), Array(7).fill('F'));
      assert.deepEqual((outcome.result as StatusRulesResult).rules, [{ id: rule.id, condition_status_id: status['F'], last_status_id: status['G'], changed: 7 }]);
      assert.deepEqual(run.reports[0], { processed: 0, total: 7 });
      assert.deepEqual(
        run.reports.map((report) => report.processed),
        [0, 2, 4, 6, 7],
        'progress after every batch',
      );
      await run.finish();
    });

    test('a retried attempt finishes the work of a failed one without changing any lead twice', async () => {
      await createRule({ condition_status_id: status['G'], last_status_id: status['H'], duration_day: 1 });
      const leads: number[] = [];
      for (let index = 0; index < 7; index += 1) leads.push(await insertLead('G', 3));
      const run = await directRun();
      let checks = 0;
      // The first attempt stops after two batches (as a crash would), leaving three leads.
      const stopped = await applyLeadStatusRules(
        run.contextFor(1, async () => ++checks > 2),
        { batchSize: 2 },
      );
      assert.equal((stopped.result as StatusRulesResult).changed, 4);
      assert.match(stopped.message?.text ?? '', /^Stopped/);
      const retried = await applyLeadStatusRules(run.contextFor(2), { batchSize: 2 });
      assert.deepEqual(await statusKeysOf(leads), Array(7).fill('H'));
      assert.equal((retried.result as StatusRulesResult).changed, 7, 'the result counts the earlier attempt too');
      const histories = await context.database.db
        .select({ lead: tables.leadStatusHistories.lead_id })
        .from(tables.leadStatusHistories)
        .where(eq(tables.leadStatusHistories.job_id, run.job.id))
        .orderBy(asc(tables.leadStatusHistories.lead_id));
      assert.deepEqual(
        histories.map((row) => row.lead),
        leads,
        'one history per lead',
      );
      const again = await applyLeadStatusRules(run.contextFor(3), { batchSize: 2 });
      assert.equal((again.result as StatusRulesResult).changed, 7, 'a third attempt has nothing left to do');
      await run.finish();
    });

    test('run now hands back the run under way instead of starting a second one; a long-lost run does not block', async () => {
      const [lost] = await context.database.db
        .insert(tables.jobs)
        .values({ type: leadStatusRulesJobType, name: 'Apply lead status rules', status: 'running', created_at: new Date(Date.now() - 7 * 60 * 60 * 1000) })
        .returning();
      const first = await call('POST', `${path}/run`);
      const second = await call('POST', `${path}/run`);
      assert.equal(first.statusCode, 202);
      assert.equal(second.statusCode, 202);
      const [started, joined] = [first.json() as { message: string; data: Job }, second.json() as { message: string; data: Job }];
      assert.notEqual(started.data.id, lost!.id);
      assert.equal(joined.data.id, started.data.id);
      assert.equal(started.message, 'The lead status rules are being applied.');
      assert.equal(joined.message, 'The lead status rules are already being applied.');
      await waitFor(async () => {
        const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, started.data.id));
        return row?.status === 'finished';
      });
      await context.database.db.update(tables.jobs).set({ status: 'failed' }).where(eq(tables.jobs.id, lost!.id));
    });

    test('the hourly schedule dispatches a run without a user, and not while one is queued', async () => {
      await createRule({ condition_status_id: status['A'], last_status_id: status['B'], duration_day: 1 });
      const before = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.type, leadStatusRulesJobType));
      await dispatchScheduledRun(context.jobs, context.database.db);
      await dispatchScheduledRun(context.jobs, context.database.db);
      const after = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.type, leadStatusRulesJobType));
      assert.equal(after.length, before.length + 1, 'the second call finds the first run queued and adds none');
      const scheduled = after.find((row) => !before.some((old) => old.id === row.id))!;
      assert.equal(scheduled.user_id, null);
      const ended = await waitFor(async () => {
        const [row] = await context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, scheduled.id));
        return row?.status === 'finished' ? row : null;
      });
      assert.equal(ended.status, 'finished');
    });
  });
});
