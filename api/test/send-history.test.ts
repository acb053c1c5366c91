import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EstimatedPaginationMeta, LeadSendHistory } from '@crm/shared/contract';
import { eq, sql } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { cappedTotal, countedTotal } from '../src/db/totals.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

type Page = { data: LeadSendHistory[]; meta: EstimatedPaginationMeta };
type Invalid = { message: string; errors: Record<string, string[]> };

describe('GET /lead/history/send: the send-history search', () => {
  let context: TestContext;
  let token: string;
  const leadIds: Record<string, number> = {};
  const departments: Record<string, number> = {};
  const brokerIds: Record<string, number> = {};

  const get = (query: string, as = token) => context.app.inject({ method: 'GET', url: `/api/lead/history/send${query}`, headers: bearer(as) });
  async function page(query: string): Promise<Page> {
    const response = await get(query);
    assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
    return response.json() as Page;
  }
  /** The attempts a query finds, by their api_lead_id (each fixture has its own), in the order returned. */
  const found = async (query: string) => (await page(query)).data.map((row) => row.api_lead_id);
  const foundSorted = async (query: string) => (await found(query)).sort();

  before(async () => {
    context = await createTestContext();
    token = (await context.userWith(['lead.history.view'], 'Sam Sender')).token;
    const db = context.database.db;
    const [alpha, beta] = await db
      .insert(tables.brokers)
      .values([{ name: 'Alpha' }, { name: 'Beta' }])
      .returning();
    brokerIds['alpha'] = alpha!.id;
    brokerIds['beta'] = beta!.id;
    const departmentRows = await db
      .insert(tables.brokerDepartments)
      .values([
        { broker_id: alpha!.id, branch_name: 'EU' },
        { broker_id: alpha!.id, branch_name: 'US' },
        { broker_id: beta!.id, branch_name: 'Main' },
      ])
      .returning();
    for (const [index, key] of ['alphaEu', 'alphaUs', 'betaMain'].entries()) departments[key] = departmentRows[index]!.id;
    const leadRows = await db
      .insert(tables.leads)
      .values([
        { lead_id: 'PUB-ONE', name: 'One', email: 'one@example.com' },
        { lead_id: 'PUB-TWO', name: 'Two', email: 'two@example.com', api_lead_status: 'Callback' },
      ])
      .returning();
    for (const [index, key] of ['one', 'two'].entries()) leadIds[key] = leadRows[index]!.id;
    const sender = await db.insert(tables.users).values({ name: 'Queue Runner', email: 'runner@example.com', password_hash: 'x' }).returning();
    const [integration] = await db.insert(tables.sendIntegrations).values({ name: 'Alpha API', site_url: 'https://alpha.test/leads' }).returning();
    await db.insert(tables.leadSendHistories).values([
      {
        lead_id: leadIds['one']!,
        broker_department_id: departments['alphaEu']!,
        send_integration_id: integration!.id,
        state: 'success',
        api_lead_id: 'a1',
        duration_ms: 300,
        user_id: sender[0]!.id,
        created_at: new Date('2024-03-01T08:00:00Z'),
      },
      {
        lead_id: leadIds['one']!,
        broker_department_id: departments['alphaUs']!,
        state: 'failure',
        failure_status: 'Duplicate',
        api_lead_id: 'a2',
        duration_ms: 100,
        created_at: new Date('2024-03-02T23:30:00Z'),
      },
      {
        lead_id: leadIds['two']!,
        broker_department_id: departments['betaMain']!,
        state: 'failure',
        failure_status: 'Timeout',
        api_lead_id: 'b1',
        duration_ms: 5000,
        created_at: new Date('2024-03-03T00:00:00Z'),
      },
      { lead_id: leadIds['two']!, broker_department_id: departments['alphaEu']!, state: 'sending', api_lead_id: 'a3', created_at: new Date('2024-03-04T12:00:00Z') },
    ]);
  });
  after(() => context.close());

  test('lists every attempt newest first with its lead, department label and user', async () => {
    const result = await page('');
    assert.deepEqual(
      result.data.map((row) => row.api_lead_id),
      ['a3', 'b1', 'a2', 'a1'],
    );
    assert.deepEqual(result.meta, { current_page: 1, per_page: 25, total: 4, last_page: 1, total_estimated: false, total_lower_bound: false });
    const first = result.data[3]!;
    assert.deepEqual(first.lead, { id: leadIds['one'], lead_id: 'PUB-ONE', name: 'One', email: 'one@example.com' });
    assert.deepEqual(first.department, { id: departments['alphaEu'], label: 'Alpha - EU' });
    assert.equal(first.user?.name, 'Queue Runner');
    assert.equal(first.send_integration_name, 'Alpha API', 'the integration by its name');
    assert.equal(result.data[0]!.send_integration_name, null);
    assert.equal(first.state, 'success');
    assert.equal(first.duration_ms, 300);
    assert.equal(first.created_at, '2024-03-01T08:00:00.000Z');
    assert.equal(result.data[0]!.user, null);
  });

  test('the lead filter takes the public lead id, the numeric id or the email', async () => {
    assert.deepEqual(await foundSorted('?lead=PUB-ONE'), ['a1', 'a2']);
    assert.deepEqual(await foundSorted(`?lead=${leadIds['two']}`), ['a3', 'b1']);
    assert.deepEqual(await foundSorted('?lead=ONE@example.com'), ['a1', 'a2']);
    assert.deepEqual(await found('?lead=nobody@example.com'), []);
    assert.deepEqual(await found('?lead=99999999999'), [], 'a number too big to be an id finds nothing, without an error');
  });

  test('free search finds the lead the same way, or the broker lead id', async () => {
    assert.deepEqual(await foundSorted('?search=two@example.com'), ['a3', 'b1']);
    assert.deepEqual(await found('?search=b1'), ['b1']);
  });

  test('broker, department, state and failure status', async () => {
    assert.deepEqual(await foundSorted(`?broker_id=${brokerIds['alpha']}`), ['a1', 'a2', 'a3']);
    assert.deepEqual(await found(`?broker_id=${brokerIds['beta']}`), ['b1']);
    assert.deepEqual(await foundSorted(`?department_id=${departments['alphaEu']}`), ['a1', 'a3']);
    assert.deepEqual(await foundSorted('?state=failure'), ['a2', 'b1']);
    assert.deepEqual(await found('?failure_status=Timeout'), ['b1']);
    assert.deepEqual(await foundSorted('?lead_status=Callback'), ['a3', 'b1'], "the lead's broker-side status");
    assert.deepEqual(await found(`?state=failure&broker_id=${brokerIds['alpha']}&lead=PUB-ONE`), ['a2'], 'filters combine');
  });

  test('date range: a date-only upper bound takes in the whole day', async () => {
    assert.deepEqual(await foundSorted('?from=2024-03-02&to=2024-03-02'), ['a2']);
    assert.deepEqual(await foundSorted('?from=2024-03-03'), ['a3', 'b1']);
    assert.deepEqual(await foundSorted('?to=2024-03-02T12:00:00Z'), ['a1']);
  });

  test('sorting by duration keeps attempts without one last; pages', async () => {
    assert.deepEqual(await found('?sort=duration_ms&direction=asc'), ['a2', 'a1', 'b1', 'a3']);
    assert.deepEqual(await found('?sort=duration_ms&direction=desc'), ['b1', 'a1', 'a2', 'a3']);
    assert.deepEqual(await found('?sort=created_at&direction=asc'), ['a1', 'a2', 'b1', 'a3']);
    const second = await page('?per_page=3&page=2');
    assert.deepEqual(
      second.data.map((row) => row.api_lead_id),
      ['a1'],
    );
    assert.deepEqual(second.meta, { current_page: 2, per_page: 3, total: 4, last_page: 2, total_estimated: false, total_lower_bound: false });
  });

  test('the total is exact up to the cap, past it the estimate, and says so (db/totals.ts, with small caps)', async () => {
    const db = context.database.db;
    const attempts = tables.leadSendHistories;
    await db.execute(sql`analyze ${attempts}`);
    const failures = eq(attempts.state, 'failure');
    assert.deepEqual(await cappedTotal(db, attempts, undefined, 4), countedTotal(4));
    assert.deepEqual(await cappedTotal(db, attempts, failures, 2), countedTotal(2));
    // Counted past the cap: the estimate, never below cap + 1.
    const counted = await cappedTotal(db, attempts, undefined, 3);
    assert.equal(counted.total_estimated, true);
    assert.ok(counted.total >= 4, `${counted.total}`);
    const filtered = await cappedTotal(db, attempts, failures, 1);
    assert.equal(filtered.total_estimated, true);
    assert.ok(filtered.total >= 2, `${filtered.total}`);
    // Unfiltered and the statistics far past the cap: not counted at all, the table's estimate.
    assert.deepEqual(await cappedTotal(db, attempts, undefined, 1), { total: 4, total_estimated: true, total_lower_bound: false });
    // Statistics that say the table is empty (every estimate one row): counted past the cap, the total is cap + 1 and
    // says it is a lower bound.
    await db.execute(sql`update pg_class set reltuples = 0 where oid = 'lead_send_histories'::regclass`);
    try {
      assert.deepEqual(await cappedTotal(db, attempts, undefined, 2), { total: 3, total_estimated: true, total_lower_bound: true });
      assert.deepEqual(await cappedTotal(db, attempts, undefined, 4), countedTotal(4));
    } finally {
      await db.execute(sql`analyze ${attempts}`);
    }
  });

  test('bad parameters are a 422 naming the parameter', async () => {
    for (const [query, field] of [
      ['?state=lost', 'state'],
      ['?broker_id=abc', 'broker_id'],
      ['?department_id=-1', 'department_id'],
      ['?from=tomorrow', 'from'],
      ['?sort=lead', 'sort'],
      [`?lead=${'x'.repeat(300)}`, 'lead'],
      ['?lead=one%00', 'lead'],
      ['?failure_status=%00', 'failure_status'],
      ['?from=2026-03-02&to=2026-03-01', 'to'],
    ] as const) {
      const response = await get(query);
      assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
      assert.ok((response.json() as Invalid).errors[field], `${query} names ${field}: ${response.body}`);
    }
  });

  test('needs lead.history.view', async () => {
    const outsider = await context.userWith(['lead.view', 'lead.single.view']);
    const refused = await get('', outsider.token);
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), { message: 'No permission' });
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/lead/history/send' })).statusCode, 401);
  });
});
