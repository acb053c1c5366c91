/**
 * The distribution engine's tests: departments each sending to their own fake broker on loopback, leads, and the
 * engine's dependencies with the tiers given directly and a fixed pick.
 */
import assert from 'node:assert/strict';
import { asc, eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { startFakeBroker, type FakeBroker } from '../src/dev/fakeBroker.ts';
import type { DistributionDeps } from '../src/modules/distribution/engine.ts';
import { fixedRouter } from '../src/modules/distribution/rules.ts';
import type { RoutingTier } from '../src/modules/distribution/routing.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

/**
 * An enabled saved rule without tiers, for tests that queue leads and run them through a fixed router (`deps`): with
 * no rule enabled the queue's door leaves them unassigned at once (leads/distributionQueue.ts).
 */
export async function enableStandInRule(db: TestContext['database']['db']): Promise<void> {
  await db.insert(tables.distributionRules).values({ name: 'Stand-in for the fixed router', position: 1 });
}

export type Desk = { id: number; integrationId: number; broker: FakeBroker };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export async function distributionFixture() {
  // Calls time out after 800 ms (a timeout test slows a broker past it); breakers open after 5 failures.
  const context: TestContext = await createTestContext({ sendTimeoutMs: 800 });
  const brokers: FakeBroker[] = [];
  let seq = 0;
  const call = (method: Method, url: string, payload?: unknown, token = context.adminToken) =>
    context.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const created = async (url: string, payload: Record<string, unknown>): Promise<number> => {
    const response = await call('POST', url, payload);
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: { id: number } }).data.id;
  };
  const brokerId = await created('/broker', { name: 'Routing Broker' });

  /** A department with its own fake broker (generic JSON format). */
  async function desk(fields: Record<string, unknown> = {}): Promise<Desk> {
    seq += 1;
    const broker = await startFakeBroker();
    brokers.push(broker);
    const integrationId = await created('/send/integration', {
      name: `Routing integration ${seq}`,
      send_a_lot: true,
      concurrency: 4,
      site_url: `${broker.url}/leads`,
      response_type: 'json_path_equals',
      response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url', error_path: 'message' },
    });
    const id = await created('/broker/department', { broker_id: brokerId, branch_name: `Desk ${seq}`, send_integration_id: integrationId, ...fields });
    return { id, integrationId, broker };
  }

  async function newLead(fields: Partial<typeof tables.leads.$inferInsert> = {}): Promise<{ id: number; email: string }> {
    seq += 1;
    const [lead] = await context.database.db
      .insert(tables.leads)
      .values({
        lead_id: `ROUTE-${seq}`,
        name: 'Grace',
        surname: `Hopper ${seq}`,
        email: `route${seq}@example.com`,
        phone_normalized: `+4915113${String(seq).padStart(6, '0')}`,
        country: 'DE',
        language: 'de',
        ...fields,
      })
      .returning({ id: tables.leads.id, email: tables.leads.email });
    assert.ok(lead?.email);
    return { id: lead.id, email: lead.email };
  }

  /** The engine's dependencies: these tiers for every lead, `random` for the picks (0: the first listed). */
  const deps = (tiers: RoutingTier[] | null, options: { random?: () => number; now?: Date } = {}): DistributionDeps => ({
    engine: context.engine,
    router: () => Promise.resolve(fixedRouter(tiers ? { ruleId: 7, ruleName: 'Test rule', tiers } : null)),
    random: options.random ?? (() => 0),
    ...(options.now ? { now: () => options.now ?? new Date() } : {}),
  });
  const tier = (...entries: [Desk, number][]): RoutingTier => ({ departments: entries.map(([entry, weight]) => ({ departmentId: entry.id, weight })) });

  /** The lead's verdicts in order as `code department-id: detail` (the lead's own with `-`). */
  async function verdicts(leadId: number): Promise<string[]> {
    const rows = await context.database.db.select().from(tables.distributionDecisions).where(eq(tables.distributionDecisions.lead_id, leadId)).orderBy(asc(tables.distributionDecisions.id));
    return rows.map((row) => `${row.attempt} ${row.code} ${row.department_id ?? '-'}: ${row.detail}`);
  }

  async function stateOf(leadId: number) {
    const [row] = await context.database.db.select().from(tables.leadDistributions).where(eq(tables.leadDistributions.lead_id, leadId));
    assert.ok(row, `lead ${leadId} has a distribution row`);
    return row;
  }

  async function countersOf(departmentId: number): Promise<number[]> {
    const rows = await context.database.db.select().from(tables.departmentCapCounters).where(eq(tables.departmentCapCounters.department_id, departmentId));
    return rows.map((row) => row.used);
  }

  async function setCaps(entry: Desk, caps: Record<string, unknown>[], refusalsCount = false): Promise<void> {
    const response = await call('PUT', `/broker/department/${entry.id}/caps`, { refusals_count: refusalsCount, pacing_per_hour: null, caps });
    assert.equal(response.statusCode, 200, response.body);
  }

  async function setHours(entry: Desk, hours: Record<string, unknown>): Promise<void> {
    const response = await call('PUT', `/broker/department/${entry.id}/hours`, hours);
    assert.equal(response.statusCode, 200, response.body);
  }

  async function close(): Promise<void> {
    await context.engine.requestLog.flush();
    await Promise.all(brokers.map((broker) => broker.close()));
    await context.close();
  }

  return { context, call, desk, newLead, deps, tier, verdicts, stateOf, countersOf, setCaps, setHours, close };
}
