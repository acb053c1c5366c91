/**
 * Caps are never overshot: many reservations at once (on PostgreSQL over two pools of several connections each, as
 * two processes would) against a cap of 50 grant exactly 50 and leave the counter at 50, the country's cap and the
 * all-countries' cap both held; slots given back while others race are taken again, no more.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { eq } from 'drizzle-orm';
import type { Executor } from '../src/db/database.ts';
import * as tables from '../src/db/schema/index.ts';
import { releaseCapSlots, reserveCapSlots, type CapReservation } from '../src/modules/distribution/capSlots.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

describe('cap exactness under concurrent reservations', () => {
  let context: TestContext;
  let secondPool: pg.Pool | null = null;
  let executors: Executor[];
  let departmentId: number;
  let firstWave: CapReservation[] = [];
  const at = new Date('2026-06-01T10:00:00Z');

  before(async () => {
    context = await createTestContext();
    const [broker] = await context.database.db.insert(tables.brokers).values({ name: 'Exact Broker' }).returning({ id: tables.brokers.id });
    const [department] = await context.database.db.insert(tables.brokerDepartments).values({ broker_id: broker!.id, branch_name: 'Exact' }).returning({ id: tables.brokerDepartments.id });
    departmentId = department!.id;
    const response = await context.app.inject({
      method: 'PUT',
      url: `/api/broker/department/${departmentId}/caps`,
      headers: bearer(context.adminToken),
      payload: {
        refusals_count: false,
        pacing_per_hour: null,
        caps: [
          { country: null, day: 50, week: null, month: null, total: null },
          { country: 'DE', day: 30, week: null, month: null, total: null },
        ],
      },
    });
    assert.equal(response.statusCode, 200, response.body);
    executors = [context.database.db];
    // PGlite serves one connection; on PostgreSQL a second pool stands for a second process.
    if (context.database.kind === 'postgres') {
      secondPool = new pg.Pool({ ...context.database.pool.options, max: 8 });
      executors.push(drizzle(secondPool, { schema: tables }));
    }
  });
  after(async () => {
    await secondPool?.end();
    await context.close();
  });

  const counters = async () =>
    Object.fromEntries(
      (await context.database.db.select().from(tables.departmentCapCounters).where(eq(tables.departmentCapCounters.department_id, departmentId))).map((row) => [
        row.country || '*',
        row.used,
      ]),
    );

  test('200 reservations at once against a cap of 50 grant exactly 50', async () => {
    firstWave = await Promise.all(Array.from({ length: 200 }, (_, index) => reserveCapSlots(executors[index % executors.length]!, departmentId, index % 2 === 0 ? 'DE' : 'AT', at)));
    const results = firstWave;
    const granted = results.filter((result) => result.ok);
    const grantedDe = results.filter((result, index) => result.ok && index % 2 === 0);
    assert.equal(granted.length, 50);
    assert.ok(grantedDe.length <= 30, `${grantedDe.length} DE leads granted`);
    assert.deepEqual(await counters(), { '*': 50, DE: grantedDe.length });
    for (const refusal of results.filter((result) => !result.ok)) assert.match(refusal.detail, /^cap (DE )?(50\/50|30\/30) today \(UTC\)$/);
  });

  test('slots given back while 100 more race are taken again, and no more', async () => {
    const releases = firstWave.filter((result, index) => result.ok && index % 2 === 1).slice(0, 10);
    assert.equal(releases.length, 10);
    const reserve = (index: number) => reserveCapSlots(executors[index % executors.length]!, departmentId, 'AT', at);
    const results = await Promise.all([
      ...releases.map((result, index) => (result.ok ? releaseCapSlots(executors[index % executors.length]!, result.slots) : Promise.resolve()).then(() => null)),
      ...Array.from({ length: 100 }, (_, index) => reserve(index)),
    ]);
    const grantedNow = results.filter((result) => result?.ok).length;
    assert.ok(grantedNow <= 10, `${grantedNow} granted again`);
    assert.equal((await counters())['*'], 40 + grantedNow, 'the counter holds exactly the slots granted');
    const rest = await Promise.all(Array.from({ length: 100 }, (_, index) => reserve(index)));
    assert.equal(rest.filter((result) => result.ok).length, 10 - grantedNow);
    assert.equal((await counters())['*'], 50);
  });
});
