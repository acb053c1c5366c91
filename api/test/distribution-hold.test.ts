/**
 * Hours and holding: a closed department is passed over with its verdict; a lead nothing can take now is held and
 * taken when a department opens, or left unassigned when its hold ends; the queue (enqueued in the caller's
 * transaction, taken by the worker's runs, held leads retried); and `GET /lead/{id}/distribution`.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { leadDistribution } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { distributeLead } from '../src/modules/distribution/engine.ts';
import { runDueDistributions } from '../src/modules/distribution/queue.ts';
import { enqueueDistribution } from '../src/modules/leads/distributionQueue.ts';
import { distributionFixture, enableStandInRule, type Desk } from './distributionFixture.ts';
import { waitFor } from './helpers.ts';

/** Monday 2 March 2026, 08:00 in Berlin (UTC+1): an hour before the Berlin desk opens. */
const mondayMorning = new Date('2026-03-02T07:00:00Z');
const minutes = (count: number) => new Date(mondayMorning.getTime() + count * 60_000);

describe('distribution: hours, holding and the queue', () => {
  let fx: Awaited<ReturnType<typeof distributionFixture>>;
  let berlin: Desk;
  before(async () => {
    fx = await distributionFixture();
    berlin = await fx.desk();
    await enableStandInRule(fx.context.database.db);
    // Mondays 09:00–17:00 in Berlin only.
    await fx.setHours(berlin, { time_zone: 'Europe/Berlin', windows: [{ weekday: 1, from: '09:00', to: '17:00' }], closed_dates: [] });
  });
  after(async () => {
    await fx.close();
  });

  test('a closed department is passed over with when it opens; the next takes the lead', async () => {
    const open = await fx.desk();
    const lead = await fx.newLead();
    const result = await distributeLead(fx.deps([fx.tier([berlin, 90], [open, 10])], { now: mondayMorning }), lead.id);
    assert.equal(result?.department_id, open.id);
    assert.deepEqual((await fx.verdicts(lead.id)).slice(0, 2), [`1 CLOSED ${berlin.id}: closed until 09:00 Europe/Berlin`, `1 PICKED ${open.id}: picked (weight 10 of 10)`]);
    assert.equal(berlin.broker.leadPosts(), 0);
  });

  test('held while closed, tried again at the opening, then delivered once', async () => {
    const lead = await fx.newLead();
    const tiers = [fx.tier([berlin, 100])];
    const held = await distributeLead(fx.deps(tiers, { now: mondayMorning }), lead.id);
    assert.deepEqual(held, { state: 'held', reason_code: 'CLOSED', attempts: 0, department_id: null });
    let state = await fx.stateOf(lead.id);
    assert.equal(state.reason, 'closed until 09:00 Europe/Berlin');
    assert.equal(state.next_attempt_at.toISOString(), '2026-03-02T08:00:00.000Z', 'the next try is the opening');
    assert.equal(state.hold_until?.toISOString(), '2026-03-03T07:00:00.000Z', '24 hours by default');
    assert.equal((await fx.verdicts(lead.id)).at(-1), '1 HELD -: held (closed until 09:00 Europe/Berlin): next try 08:00 UTC, until 2026-03-03 07:00 UTC');

    // Still closed half an hour later: held again, the same hold.
    assert.equal((await distributeLead(fx.deps(tiers, { now: minutes(30) }), lead.id))?.state, 'held');
    assert.equal((await fx.stateOf(lead.id)).hold_until?.toISOString(), '2026-03-03T07:00:00.000Z');

    const delivered = await distributeLead(fx.deps(tiers, { now: minutes(61) }), lead.id);
    assert.deepEqual(delivered, { state: 'delivered', reason_code: 'DELIVERED', attempts: 1, department_id: berlin.id });
    assert.equal(berlin.broker.timesReceived(lead.email), 1);
    state = await fx.stateOf(lead.id);
    assert.equal(state.hold_until, null);
    assert.equal(state.reason_code, 'DELIVERED');
  });

  test('tried again after a hold, a department that refused the lead or failed is passed over: the next open one takes it', async () => {
    const [refusing, failing] = [await fx.desk(), await fx.desk()];
    refusing.broker.rejectNext(1, 'Duplicate');
    failing.broker.failNext(3, 502);
    const lead = await fx.newLead();
    const tiers = [fx.tier([refusing, 100]), fx.tier([failing, 100]), fx.tier([berlin, 100])];
    // Both refuse or fail, Berlin is closed: held until it opens.
    assert.equal((await distributeLead(fx.deps(tiers, { now: mondayMorning }), lead.id))?.state, 'held');
    const delivered = await distributeLead(fx.deps(tiers, { now: minutes(61) }), lead.id);
    assert.deepEqual(delivered, { state: 'delivered', reason_code: 'DELIVERED', attempts: 3, department_id: berlin.id });
    assert.deepEqual(
      [refusing.broker.leadPosts(), failing.broker.leadPosts(), berlin.broker.timesReceived(lead.email)],
      [1, 3, 1],
      'neither was called again (the 502 three times: the send engine retries it)',
    );
    const verdicts = await fx.verdicts(lead.id);
    assert.ok(verdicts.includes(`3 ALREADY_SENT ${refusing.id}: sent before: refused or failed`), verdicts.join('\n'));
    assert.ok(verdicts.includes(`3 ALREADY_SENT ${failing.id}: sent before: refused or failed`), verdicts.join('\n'));
  });

  test('held past the hold time: left unassigned with the reason', async () => {
    const lead = await fx.newLead();
    const tiers = [fx.tier([berlin, 100])];
    assert.equal((await distributeLead(fx.deps(tiers, { now: mondayMorning }), lead.id))?.state, 'held');
    // Tuesday 08:30 Berlin: past the 24 hours, and closed until next Monday.
    const expired = await distributeLead(fx.deps(tiers, { now: minutes(24 * 60 + 30) }), lead.id);
    assert.deepEqual(expired, { state: 'unassigned', reason_code: 'HOLD_EXPIRED', attempts: 0, department_id: null });
    assert.equal((await fx.stateOf(lead.id)).reason, 'held until the hold time ended: closed until 2026-03-09 09:00 Europe/Berlin');
    assert.equal(berlin.broker.timesReceived(lead.email), 0);
  });

  test('the queue: leads enqueued in a transaction are distributed by a run; a held lead is tried again when due', async () => {
    const [taking, capped] = [await fx.desk(), await fx.desk()];
    const [queued, rolledBack] = [await fx.newLead(), await fx.newLead()];
    const db = fx.context.database.db;
    await db.transaction((tx) => enqueueDistribution(tx, [queued.id, queued.id]));
    await db
      .transaction(async (tx) => {
        await enqueueDistribution(tx, [rolledBack.id]);
        throw new Error('the intake failed');
      })
      .catch(() => undefined);
    assert.equal((await fx.stateOf(queued.id)).state, 'pending');
    assert.equal((await db.select().from(tables.leadDistributions).where(eq(tables.leadDistributions.lead_id, rolledBack.id))).length, 0);
    assert.equal(await runDueDistributions(fx.deps([fx.tier([taking, 1])]), ['pending']), 1);
    assert.equal((await fx.stateOf(queued.id)).state, 'delivered');
    assert.equal(taking.broker.timesReceived(queued.email), 1);
    assert.equal(await runDueDistributions(fx.deps([fx.tier([taking, 1])]), ['pending']), 0, 'nothing left to take');

    // A cap of 0 holds the lead; once the cap allows it and its next try has come, the held run delivers it.
    await fx.setCaps(capped, [{ country: 'DE', day: 0, week: null, month: null, total: null }]);
    const held = await fx.newLead();
    await enqueueDistribution(db, [held.id]);
    const tiers = [fx.tier([capped, 1])];
    assert.equal(await runDueDistributions(fx.deps(tiers), ['pending']), 1);
    const state = await fx.stateOf(held.id);
    assert.equal(state.state, 'held');
    assert.equal(state.reason, 'cap DE 0/0 today (UTC)');
    assert.equal(await runDueDistributions(fx.deps(tiers), ['held']), 0, 'not due for five minutes');
    await fx.setCaps(capped, [{ country: 'DE', day: 1, week: null, month: null, total: null }]);
    await db
      .update(tables.leadDistributions)
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where(eq(tables.leadDistributions.lead_id, held.id));
    assert.equal(await runDueDistributions(fx.deps(tiers), ['held']), 1);
    assert.equal((await fx.stateOf(held.id)).state, 'delivered');
    assert.equal(capped.broker.timesReceived(held.email), 1);
  });

  test('a lead due before the leads a run has claimed (its transaction committed late) is taken by the claim from the oldest', async () => {
    const taking = await fx.desk();
    taking.broker.setLatency(50);
    const db = fx.context.database.db;
    const deps = fx.deps([fx.tier([taking, 1])]);
    /** 20 leads, two at a time; once the first is delivered, a lead is queued as due an hour ago. */
    const runWithLate = async (fromOldestEveryMs: number) => {
      const leads = await Promise.all(Array.from({ length: 20 }, () => fx.newLead()));
      const late = await fx.newLead();
      await enqueueDistribution(
        db,
        leads.map((lead) => lead.id),
      );
      const run = runDueDistributions(deps, ['pending'], { inFlight: 2, fromOldestEveryMs });
      await waitFor(async () => taking.broker.timesReceived(leads[0]?.email ?? '') === 1);
      await db.transaction(async (tx) => {
        await enqueueDistribution(tx, [late.id]);
        await tx
          .update(tables.leadDistributions)
          .set({ next_attempt_at: new Date(Date.now() - 3_600_000) })
          .where(eq(tables.leadDistributions.lead_id, late.id));
      });
      const taken = await run;
      for (const lead of leads) assert.equal(taking.broker.timesReceived(lead.email), 1);
      return { taken, late };
    };
    const first = await runWithLate(3_600_000);
    assert.equal(first.taken, 20, 'the claims from just before the latest claimed pass over it');
    assert.equal((await fx.stateOf(first.late.id)).state, 'pending');
    const second = await runWithLate(100);
    assert.equal(second.taken, 22, "the first run's leftover (at the start, from the oldest), the 20, and the lead queued late");
    for (const late of [first.late, second.late]) {
      assert.equal((await fx.stateOf(late.id)).state, 'delivered');
      assert.equal(taking.broker.timesReceived(late.email), 1);
    }
  });

  test('GET /lead/{id}/distribution: the state and the verdicts in order, behind the lead view permission', async () => {
    const open = await fx.desk();
    const lead = await fx.newLead();
    await distributeLead(fx.deps([fx.tier([berlin, 1], [open, 1])], { now: mondayMorning }), lead.id);
    const response = await fx.call('GET', `/lead/${lead.id}/distribution`);
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json() as { data: unknown } as { data: ReturnType<typeof leadDistribution.parse> };
    const parsed = leadDistribution.parse(data);
    assert.equal(parsed.state, 'delivered');
    assert.equal(parsed.rule_id, 7);
    assert.equal(parsed.delivered_department_id, open.id);
    assert.equal(parsed.rule_name, null, 'rule 7 of the fixture is not stored');
    assert.match(parsed.delivered_department?.label ?? '', /^Routing Broker - Desk \d+$/);
    assert.equal(parsed.delivered_department?.id, open.id);
    assert.deepEqual(
      parsed.decisions.map((decision) => [decision.attempt, decision.tier, decision.department?.id ?? null, decision.code, decision.detail]),
      [
        [1, 0, berlin.id, 'CLOSED', 'closed until 09:00 Europe/Berlin'],
        [1, 0, open.id, 'PICKED', 'picked (weight 1 of 1)'],
        [1, 0, open.id, 'DELIVERED', 'delivered (broker lead id B-1)'],
      ],
    );
    assert.match(parsed.decisions[0]?.department?.label ?? '', /^Routing Broker - Desk \d+$/);

    const never = await fx.newLead();
    const untouched = leadDistribution.parse(((await fx.call('GET', `/lead/${never.id}/distribution`)).json() as { data: unknown }).data);
    assert.deepEqual([untouched.state, untouched.decisions, untouched.rule_name, untouched.delivered_department], [null, [], null, null]);
    assert.equal((await fx.call('GET', '/lead/999999/distribution')).statusCode, 404);
    const viewer = await fx.context.userWith(['lead.view']);
    assert.equal((await fx.call('GET', `/lead/${lead.id}/distribution`, undefined, viewer.token)).statusCode, 403);
    const profileViewer = await fx.context.userWith(['lead.single.view']);
    assert.equal((await fx.call('GET', `/lead/${lead.id}/distribution`, undefined, profileViewer.token)).statusCode, 200);
  });

  test('GET /lead?distribution=: the leads in that distribution state only', async () => {
    const lead = await fx.newLead();
    await distributeLead(fx.deps([fx.tier([berlin, 100])], { now: mondayMorning }), lead.id);
    const never = await fx.newLead();
    const ids = async (state: string) => ((await fx.call('GET', `/lead?distribution=${state}&per_page=100`)).json() as { data: { id: number }[] }).data.map((row) => row.id);
    assert.ok((await ids('held')).includes(lead.id));
    assert.ok(!(await ids('delivered')).includes(lead.id));
    assert.ok(!(await ids('held')).includes(never.id));
    const rows = ((await fx.call('GET', '/lead?distribution=held&per_page=100')).json() as { data: { id: number; distribution: unknown }[] }).data;
    assert.deepEqual(rows.find((row) => row.id === lead.id)?.distribution, { state: 'held', reason: 'closed until 09:00 Europe/Berlin' });
    assert.equal((await fx.call('GET', '/lead?distribution=lost')).statusCode, 422);
  });
});
