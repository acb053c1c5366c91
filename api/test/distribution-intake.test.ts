/**
 * From the affiliate API to a broker through the saved rules, as the worker runs it (app/jobs.ts wires
 * `savedRulesRouter`): an accepted lead is queued with its insert, matched by its country, delivered; a lead no rule
 * matches is left unassigned; with no rule enabled the intake leaves its lead unassigned itself, and a worker leaves
 * the leads queued before in one statement, verdicts written. A worker's run goes on claiming the leads queued while its passes are in flight, woken by their notification.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import type { DistributionDeps } from '../src/modules/distribution/engine.ts';
import { runDueDistributions, Wakes } from '../src/modules/distribution/queue.ts';
import { savedRulesRouter } from '../src/modules/distribution/rules.ts';
import { affiliateFixture, type AffiliateFixture } from './affiliateFixture.ts';
import { distributionFixture, type Desk } from './distributionFixture.ts';

const noConditions = { affiliate_company_ids: [], source_ids: [], languages: [], funnels: [], sub1: [], sub2: [], sub3: [], sub4: [], sub5: [] };

describe('distribution of affiliate leads through the saved rules', () => {
  let fixture: Awaited<ReturnType<typeof distributionFixture>>;
  let affiliates: AffiliateFixture;
  let german: Desk;
  let ruleId: number;
  let deps: DistributionDeps;

  const leadRow = async (publicId: string) => {
    const [lead] = await fixture.context.database.db.select().from(tables.leads).where(eq(tables.leads.lead_id, publicId));
    assert.ok(lead, publicId);
    return lead;
  };

  before(async () => {
    fixture = await distributionFixture();
    affiliates = await affiliateFixture(fixture.context, 'Routed Affiliates');
    german = await fixture.desk();
    const response = await fixture.call('POST', '/distribution/rules', {
      name: 'German leads',
      is_enabled: true,
      ...noConditions,
      countries: ['DE'],
      tiers: [{ departments: [{ department_id: german.id, weight: 1 }] }],
    });
    assert.equal(response.statusCode, 201, response.body);
    ruleId = (response.json() as { data: { id: number } }).data.id;
    deps = { engine: fixture.context.engine, router: savedRulesRouter };
  });
  after(() => fixture.close());

  test('a matching lead is delivered by its rule; one no rule matches is unassigned with NO_RULE', async () => {
    const routed = await leadRow(await affiliates.accepted({ phone: '+4930123456', country: 'DE' }));
    const stray = await leadRow(await affiliates.accepted({ country: 'FR' }));
    assert.equal((await fixture.stateOf(routed.id)).state, 'pending', 'queued by the intake');
    assert.equal(await runDueDistributions(deps, ['pending']), 2);

    const delivered = await fixture.stateOf(routed.id);
    assert.deepEqual([delivered.state, delivered.rule_id, delivered.delivered_department_id], ['delivered', ruleId, german.id]);
    assert.deepEqual(
      german.broker.received.map((lead) => lead.email),
      [routed.email],
    );
    assert.deepEqual(
      (await fixture.verdicts(routed.id)).map((verdict) => verdict.split(':')[0]),
      [`1 PICKED ${german.id}`, `1 DELIVERED ${german.id}`],
    );

    const unassigned = await fixture.stateOf(stray.id);
    assert.deepEqual([unassigned.state, unassigned.reason_code], ['unassigned', 'NO_RULE']);
  });

  test('a run with wake-ups takes a lead queued while a pass is in flight, without waiting for the pass to end', async () => {
    german.broker.setLatency(1_500);
    try {
      const first = await leadRow(await affiliates.accepted({ country: 'DE' }));
      const wakes = new Wakes();
      const run = runDueDistributions(deps, ['pending'], { wakes });
      const deadline = Date.now() + 10_000;
      while (!german.broker.firstArrivals.has(first.email ?? '')) {
        assert.ok(Date.now() < deadline, 'the first lead reached its broker');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const second = await leadRow(await affiliates.accepted({ country: 'DE' }));
      wakes.wake();
      const secondSeen = Date.now();
      while (!german.broker.firstArrivals.has(second.email ?? '')) {
        assert.ok(Date.now() < deadline, 'the second lead reached its broker');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.ok(Date.now() - secondSeen < 1_200, 'claimed at the wake-up, not after the first call answered');
      assert.equal(await run, 2, 'both taken by one run');
    } finally {
      german.broker.setLatency(0);
    }
  });

  test('leads queued while a rule was enabled are left unassigned by the worker once none is; with none enabled the intake settles them itself, no worker woken', async () => {
    const setEnabled = async (isEnabled: boolean) => {
      const response = await fixture.call('PUT', `/distribution/rules/${ruleId}/enabled`, { is_enabled: isEnabled });
      assert.equal(response.statusCode, 200, response.body);
    };
    const queued = await Promise.all([1, 2, 3].map(async () => leadRow(await affiliates.accepted({ country: 'DE' }))));
    for (const lead of queued) assert.equal((await fixture.stateOf(lead.id)).state, 'pending', 'queued while the rule was enabled');
    await setEnabled(false);
    assert.equal(await runDueDistributions(deps, ['pending']), 3, 'the worker took the queued leads');
    const atTheDoor = await Promise.all([1, 2].map(async () => leadRow(await affiliates.accepted({ country: 'DE' }))));
    assert.equal(await runDueDistributions(deps, ['pending']), 0, 'nothing queued for a worker');
    await setEnabled(true);
    for (const lead of [...queued, ...atTheDoor]) {
      const state = await fixture.stateOf(lead.id);
      assert.deepEqual([state.state, state.reason_code, state.reason, state.attempts], ['unassigned', 'NO_RULE', 'no rule matches the lead', 0]);
      assert.deepEqual(await fixture.verdicts(lead.id), ['1 NO_RULE -: no rule matches the lead']);
    }
    // These leads' emails, not the broker's count: the previous test's slowed broker may still record a post it
    // answers after the engine's timeout gave up on it.
    const emails = new Set([...queued, ...atTheDoor].map((lead) => lead.email));
    assert.deepEqual(
      german.broker.received.filter((received) => emails.has(received.email)),
      [],
      'nothing sent',
    );
  });
});
