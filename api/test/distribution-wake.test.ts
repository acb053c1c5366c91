/**
 * The distribution worker wakes on the queuing transaction's notification, and `POST /api/v1/leads?wait=` answers
 * when the lead's distribution settles: the worker here sweeps only once an hour, so only a notification can bring a
 * lead to its broker within the test. On PostgreSQL the notifications cross connections (the listener has its own).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { savedRulesRouter } from '../src/modules/distribution/rules.ts';
import { startDistributionWorker, type DistributionWorker } from '../src/modules/distribution/worker.ts';
import { enqueueDistribution } from '../src/modules/leads/distributionQueue.ts';
import { affiliateFixture, type AffiliateFixture } from './affiliateFixture.ts';
import { distributionFixture, type Desk } from './distributionFixture.ts';

const noConditions = { affiliate_company_ids: [], source_ids: [], languages: [], funnels: [], sub1: [], sub2: [], sub3: [], sub4: [], sub5: [] };
type Waited = { status: string; lead_id: string; distribution?: { state: string; autologin_url: string | null; broker_lead_id: string | null } };

describe('the distribution worker woken by notifications; the affiliate API waiting for the delivery', () => {
  let fixture: Awaited<ReturnType<typeof distributionFixture>>;
  let affiliates: AffiliateFixture;
  let german: Desk;
  let worker: DistributionWorker;

  const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      assert.ok(Date.now() < deadline, `timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const post = async (query: string, fields: Record<string, unknown>) =>
    fixture.context.app.inject({ method: 'POST', url: `/api/v1/leads${query}`, headers: { 'x-api-key': affiliates.key }, payload: { email: affiliates.email(), ...fields } });

  before(async () => {
    fixture = await distributionFixture();
    affiliates = await affiliateFixture(fixture.context, 'Waiting Affiliates');
    german = await fixture.desk();
    const rule = await fixture.call('POST', '/distribution/rules', {
      name: 'German leads',
      is_enabled: true,
      ...noConditions,
      countries: ['DE'],
      tiers: [{ departments: [{ department_id: german.id, weight: 1 }] }],
    });
    assert.equal(rule.statusCode, 201, rule.body);
    const deps = { engine: fixture.context.engine, router: savedRulesRouter };
    worker = await startDistributionWorker(deps, fixture.context.database.listen, { sweepMs: 3_600_000 });
  });
  after(async () => {
    await worker.stop();
    await fixture.close();
  });

  test('a lead queued by the intake reaches its broker without a sweep; one queued by enqueueDistribution too', async () => {
    const publicId = await affiliates.accepted({ phone: '+4930555000', country: 'DE' });
    const [lead] = await fixture.context.database.db.select().from(tables.leads).where(eq(tables.leads.lead_id, publicId));
    assert.ok(lead?.email);
    await until('the intake lead at the broker', () => german.broker.timesReceived(lead.email ?? '') === 1);
    await until('its delivered state', async () => (await fixture.stateOf(lead.id)).state === 'delivered');

    const queued = await fixture.newLead({ country: 'DE' });
    await fixture.context.database.db.transaction((tx) => enqueueDistribution(tx, [queued.id]));
    await until('the queued lead at the broker', () => german.broker.timesReceived(queued.email) === 1);
  });

  test('?wait= answers with the delivery: autologin URL and the broker lead id', async () => {
    const response = await post('?wait=10', { phone: '+4930555001', country: 'DE' });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json() as Waited;
    assert.equal(body.status, 'accepted');
    assert.equal(body.distribution?.state, 'delivered', response.body);
    assert.match(body.distribution.broker_lead_id ?? '', /^B-\d+$/);
    assert.equal(body.distribution.autologin_url, `${german.broker.url}/autologin/${body.distribution.broker_lead_id}`);
  });

  test('?wait= answers a lead no rule matches as unassigned at once, and a slow delivery as pending when the time is up', async () => {
    const started = Date.now();
    const stray = await post('?wait=20', { country: 'FR' });
    assert.equal(stray.statusCode, 201, stray.body);
    assert.deepEqual((stray.json() as Waited).distribution, { state: 'unassigned', autologin_url: null, broker_lead_id: null });
    assert.ok(Date.now() - started < 15_000, 'answered when settled, not at the end of the wait');

    german.broker.setLatency(600);
    const slow = await post('?wait=0', { country: 'DE' });
    assert.deepEqual((slow.json() as Waited).distribution, { state: 'pending', autologin_url: null, broker_lead_id: null });
    const plain = await post('', { country: 'DE' });
    assert.equal((plain.json() as Waited).distribution, undefined, 'without ?wait= the answer is as before');
    german.broker.setLatency(0);
  });

  test('a wait that is not whole seconds from 0 to 30 is refused before the lead is read', async () => {
    for (const wait of ['31', '-1', 'abc', '2.5']) {
      const before = await fixture.context.database.db.$count(tables.leads);
      const refused = affiliates.refusal(await post(`?wait=${wait}`, { country: 'DE' }), 422, 'INVALID');
      assert.ok(refused.errors?.['wait']?.[0], `wait=${wait}: ${JSON.stringify(refused)}`);
      assert.equal(await fixture.context.database.db.$count(tables.leads), before, 'nothing written');
    }
  });
});
