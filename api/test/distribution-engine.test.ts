/**
 * The distribution engine against fake brokers on loopback: tier order, the weighted pick's verdict, failover on a
 * refusal and on an error, a department with calls queued passed over, the most attempts per lead, a timeout without failover, caps (reserved, exact, released
 * when a refusal does not count), circuits, targeting, leads already sent, and a lead no rule matches.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { distributeLead } from '../src/modules/distribution/engine.ts';
import { distributionFixture } from './distributionFixture.ts';
import { waitFor } from './helpers.ts';

describe('distribution engine', () => {
  let fx: Awaited<ReturnType<typeof distributionFixture>>;
  before(async () => {
    fx = await distributionFixture();
  });
  after(async () => {
    await fx.close();
  });

  test('tiers in order: the first tier takes the lead, the next is not called; the verdicts and the send history record it', async () => {
    const [first, second] = [await fx.desk(), await fx.desk()];
    const lead = await fx.newLead();
    const result = await distributeLead(fx.deps([fx.tier([first, 100]), fx.tier([second, 100])]), lead.id);
    assert.deepEqual(result, { state: 'delivered', reason_code: 'DELIVERED', attempts: 1, department_id: first.id });
    assert.equal(first.broker.timesReceived(lead.email), 1);
    assert.equal(second.broker.leadPosts(), 0);
    assert.deepEqual(await fx.verdicts(lead.id), [`1 PICKED ${first.id}: picked (weight 100 of 100)`, `1 DELIVERED ${first.id}: delivered (broker lead id B-1)`]);
    const state = await fx.stateOf(lead.id);
    assert.equal(state.state, 'delivered');
    assert.equal(state.rule_id, 7);
    assert.equal(state.delivered_department_id, first.id);
    const histories = await fx.context.database.db.select().from(tables.leadSendHistories).where(eq(tables.leadSendHistories.lead_id, lead.id));
    assert.deepEqual(
      histories.map((row) => [row.state, row.broker_department_id, row.api_lead_id]),
      [['success', first.id, 'B-1']],
    );
    const [stored] = await fx.context.database.db.select().from(tables.leads).where(eq(tables.leads.id, lead.id));
    assert.equal(stored?.last_broker_department_id, first.id);
    assert.equal(stored?.api_lead_id, 'B-1');
    // Once delivered, a second run changes nothing and calls no one.
    assert.equal((await distributeLead(fx.deps([fx.tier([first, 100])]), lead.id))?.state, 'delivered');
    assert.equal(first.broker.leadPosts(), 1);
  });

  test('the pick follows the weights: the random number chooses within the tier and the verdict names the weight', async () => {
    const [light, heavy] = [await fx.desk(), await fx.desk()];
    const tiers = [fx.tier([light, 30], [heavy, 70])];
    const low = await fx.newLead();
    const high = await fx.newLead();
    assert.equal((await distributeLead(fx.deps(tiers, { random: () => 0.29 }), low.id))?.department_id, light.id);
    assert.equal((await distributeLead(fx.deps(tiers, { random: () => 0.31 }), high.id))?.department_id, heavy.id);
    assert.equal((await fx.verdicts(high.id))[0], `1 PICKED ${heavy.id}: picked (weight 70 of 100)`);
  });

  test('a department whose calls queue up in this process is passed over while another of the tier has none', async () => {
    const [queued, free] = [await fx.desk(), await fx.desk()];
    const tiers = [fx.tier([queued, 50], [free, 50])];
    // The queued department's integration (concurrency 4): its 4 slots held and 8 calls waiting, 2 a slot.
    const limiter = fx.context.engine.limiters.for(queued.integrationId, 4);
    let release = () => {};
    const holding = new Promise<void>((resolve) => (release = resolve));
    const blockers = Array.from({ length: 12 }, () => limiter.run(() => holding));
    // Let go in any case, so a pick of the queued department fails the test instead of waiting behind them.
    const letGo = setTimeout(release, 5_000);
    await waitFor(() => Promise.resolve(limiter.backlogged()));
    const lead = await fx.newLead();
    assert.equal((await distributeLead(fx.deps(tiers, { random: () => 0 }), lead.id))?.department_id, free.id, 'random 0 picks the first listed, but its calls queue');
    assert.equal((await fx.verdicts(lead.id))[0], `1 PICKED ${free.id}: picked (weight 50 of 50; 1 with calls queued passed over)`);
    clearTimeout(letGo);
    release();
    await Promise.all(blockers);
    // Its calls through, the weights decide again.
    const next = await fx.newLead();
    assert.equal((await distributeLead(fx.deps(tiers, { random: () => 0 }), next.id))?.department_id, queued.id);
    assert.equal((await fx.verdicts(next.id))[0], `1 PICKED ${queued.id}: picked (weight 50 of 100)`);
  });

  test('a refusal fails over to the rest of the tier; its cap slot is given back when refusals do not count', async () => {
    const [refusing, taking] = [await fx.desk(), await fx.desk()];
    await fx.setCaps(refusing, [{ country: null, day: 5, week: null, month: null, total: null }]);
    refusing.broker.rejectNext(1, 'Duplicate');
    const lead = await fx.newLead();
    const result = await distributeLead(fx.deps([fx.tier([refusing, 50], [taking, 50])]), lead.id);
    assert.deepEqual(result, { state: 'delivered', reason_code: 'DELIVERED', attempts: 2, department_id: taking.id });
    assert.deepEqual(await fx.verdicts(lead.id), [
      `1 PICKED ${refusing.id}: picked (weight 50 of 100)`,
      `1 BROKER_REFUSED ${refusing.id}: broker refused: Duplicate`,
      `2 PICKED ${taking.id}: picked (weight 50 of 50)`,
      `2 DELIVERED ${taking.id}: delivered (broker lead id B-1)`,
    ]);
    assert.deepEqual(await fx.countersOf(refusing.id), [0], 'the refused slot was given back');
  });

  test('an error (5xx after the retries) fails over to the next tier', async () => {
    const [failing, backup] = [await fx.desk(), await fx.desk()];
    failing.broker.failNext(3, 502);
    const lead = await fx.newLead();
    const result = await distributeLead(fx.deps([fx.tier([failing, 100]), fx.tier([backup, 100])]), lead.id);
    assert.equal(result?.department_id, backup.id);
    assert.equal(failing.broker.leadPosts(), 3, 'the send engine retried the 5xx, then gave up');
    const verdicts = await fx.verdicts(lead.id);
    assert.equal(verdicts[1], `1 BROKER_ERROR ${failing.id}: broker error: HTTP 502`);
    assert.equal(verdicts[3], `2 DELIVERED ${backup.id}: delivered (broker lead id B-1)`);
  });

  test('at most the set attempts per lead: then it is left unassigned and the rest is not called', async () => {
    const desks = [await fx.desk(), await fx.desk(), await fx.desk()];
    for (const entry of desks) entry.broker.rejectNext(1, 'Not interested');
    await fx.context.database.db.insert(tables.distributionSettings).values({ max_attempts: 2 });
    try {
      const lead = await fx.newLead();
      const result = await distributeLead(fx.deps(desks.map((entry) => fx.tier([entry, 1]))), lead.id);
      assert.deepEqual(result, { state: 'unassigned', reason_code: 'MAX_ATTEMPTS', attempts: 2, department_id: null });
      assert.deepEqual(
        desks.map((entry) => entry.broker.leadPosts()),
        [1, 1, 0],
      );
      assert.equal((await fx.verdicts(lead.id)).at(-1), '3 MAX_ATTEMPTS -: 2 attempts made, the most per lead');
      const state = await fx.stateOf(lead.id);
      assert.equal(state.attempts, 2);
      assert.equal(state.reason, '2 attempts made, the most per lead');
    } finally {
      await fx.context.database.db.delete(tables.distributionSettings);
    }
  });

  test('a timeout does not fail over: the broker may have the lead; its cap slot is kept', async () => {
    const [slow, backup] = [await fx.desk(), await fx.desk()];
    await fx.setCaps(slow, [{ country: null, day: 5, week: null, month: null, total: null }]);
    slow.broker.setLatency(1500);
    try {
      const lead = await fx.newLead();
      const result = await distributeLead(fx.deps([fx.tier([slow, 1], [backup, 1])]), lead.id);
      assert.deepEqual(result, { state: 'timeout', reason_code: 'TIMEOUT', attempts: 1, department_id: slow.id });
      assert.equal(backup.broker.leadPosts(), 0);
      assert.match((await fx.verdicts(lead.id)).at(-1) ?? '', new RegExp(`^1 TIMEOUT ${slow.id}: no answer in 0\\.[89] s: the broker may have the lead$`));
      assert.deepEqual(await fx.countersOf(slow.id), [1]);
      assert.equal((await fx.stateOf(lead.id)).state, 'timeout');
    } finally {
      slow.broker.setLatency(0);
    }
  });

  test('a full cap passes the department over with its verdict, exactly at the cap', async () => {
    const [capped, spare] = [await fx.desk(), await fx.desk()];
    await fx.setCaps(capped, [{ country: null, day: 2, week: null, month: null, total: null }]);
    const tiers = [fx.tier([capped, 100]), fx.tier([spare, 100])];
    const leads = [await fx.newLead(), await fx.newLead(), await fx.newLead()];
    const results = [];
    for (const lead of leads) results.push(await distributeLead(fx.deps(tiers), lead.id));
    assert.deepEqual(
      results.map((result) => result?.department_id),
      [capped.id, capped.id, spare.id],
    );
    assert.equal(capped.broker.leadPosts(), 2);
    assert.deepEqual(await fx.countersOf(capped.id), [2]);
    assert.equal((await fx.verdicts(leads[2]!.id))[0], `1 CAP_REACHED ${capped.id}: cap 2/2 today (UTC)`);
  });

  test('a lead already sent to a department, an untargeted country and an open circuit pass departments over', async () => {
    const [sentBefore, austrian, broken, taking] = [await fx.desk(), await fx.desk({ countries: ['AT'] }), await fx.desk(), await fx.desk()];
    const lead = await fx.newLead();
    await fx.context.database.db.insert(tables.leadSendHistories).values({ lead_id: lead.id, broker_department_id: sentBefore.id, state: 'success' });
    for (let failure = 0; failure < 5; failure += 1) await fx.context.engine.breakers.failed(broken.integrationId);
    try {
      const result = await distributeLead(fx.deps([fx.tier([sentBefore, 1], [austrian, 1], [broken, 1]), fx.tier([taking, 1])]), lead.id);
      assert.equal(result?.department_id, taking.id);
      const verdicts = await fx.verdicts(lead.id);
      assert.deepEqual(verdicts.slice(0, 2), [`1 ALREADY_SENT ${sentBefore.id}: already sent`, `1 NOT_TARGETED ${austrian.id}: country DE not targeted`]);
      assert.match(verdicts[2] ?? '', new RegExp(`^1 CIRCUIT_OPEN ${broken.id}: circuit open until \\d\\d:\\d\\d UTC$`));
      assert.equal(sentBefore.broker.leadPosts() + austrian.broker.leadPosts() + broken.broker.leadPosts(), 0);
    } finally {
      await fx.context.engine.breakers.succeeded(broken.integrationId);
    }
  });

  test('a call an earlier pass started and never finished is closed as interrupted; that department is not tried again', async () => {
    const [interrupted, taking] = [await fx.desk(), await fx.desk()];
    const lead = await fx.newLead();
    const [row] = await fx.context.database.db
      .insert(tables.leadSendHistories)
      .values({ lead_id: lead.id, broker_department_id: interrupted.id, state: 'sending' })
      .returning({ id: tables.leadSendHistories.id });
    const result = await distributeLead(fx.deps([fx.tier([interrupted, 1], [taking, 1])]), lead.id);
    assert.equal(result?.department_id, taking.id);
    assert.equal((await fx.verdicts(lead.id))[0], `1 ALREADY_SENT ${interrupted.id}: sent before, outcome unknown`);
    const [closed] = await fx.context.database.db.select().from(tables.leadSendHistories).where(eq(tables.leadSendHistories.id, row!.id));
    assert.deepEqual([closed?.state, closed?.failure_status], ['failure', 'Interrupted (outcome unknown)']);
    assert.equal(interrupted.broker.leadPosts(), 0);
  });

  test('leads distributed at once never overshoot a cap; a send job later skips a lead the engine delivered', async () => {
    const [capped, spare] = [await fx.desk(), await fx.desk()];
    await fx.setCaps(capped, [{ country: null, day: 3, week: null, month: null, total: null }]);
    const leads = await Promise.all(Array.from({ length: 8 }, () => fx.newLead()));
    const results = await Promise.all(leads.map((lead) => distributeLead(fx.deps([fx.tier([capped, 1]), fx.tier([spare, 1])]), lead.id)));
    assert.equal(results.filter((result) => result?.department_id === capped.id).length, 3);
    assert.equal(results.filter((result) => result?.department_id === spare.id).length, 5);
    assert.deepEqual(await fx.countersOf(capped.id), [3]);
    assert.equal(capped.broker.leadPosts(), 3);

    const sender = await fx.context.userWith(['lead.send'], 'Sender');
    await fx.context.database.db.update(tables.users).set({ is_sender: true }).where(eq(tables.users.id, sender.id));
    const delivered = leads[results.findIndex((result) => result?.department_id === spare.id)]!;
    const started = await fx.call('POST', '/lead/send', { broker_department_id: spare.id, lead_ids: [delivered.id] }, sender.token);
    assert.equal(started.statusCode, 202, started.body);
    const jobId = (started.json() as { data: { id: number } }).data.id;
    const job = await waitFor(async () => {
      const [row] = await fx.context.database.db.select().from(tables.jobs).where(eq(tables.jobs.id, jobId));
      return row?.status === 'finished' ? row : null;
    });
    assert.deepEqual(job.result, { total: 1, sent: 0, failed: 0, skipped: 1 });
    assert.equal(spare.broker.timesReceived(delivered.email), 1);
  });

  test('a lead no rule matches is left unassigned with that reason', async () => {
    const lead = await fx.newLead();
    assert.deepEqual(await distributeLead(fx.deps(null), lead.id), { state: 'unassigned', reason_code: 'NO_RULE', attempts: 0, department_id: null });
    assert.deepEqual(await fx.verdicts(lead.id), ['1 NO_RULE -: no rule matches the lead']);
  });
});
