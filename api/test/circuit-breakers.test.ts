/**
 * The circuit breakers live in the database: two `CircuitBreakers` on one database (two processes) are one circuit.
 * Their failures count together, both refuse once it opens, exactly one gets the trial after the cool-down, and the
 * trial's success closes it for both. The caps board shows the circuit; the upkeep purges old cap counters.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { CapsBoardRow } from '@crm/shared/contract';
import type { Db } from '../src/db/database.ts';
import * as tables from '../src/db/schema/index.ts';
import { purgeCapCounters } from '../src/modules/distribution/capSlots.ts';
import { capsBoard } from '../src/modules/distribution/capsBoard.ts';
import { CircuitBreakers } from '../src/modules/sending/engine/breaker.ts';
import { distributionFixture } from './distributionFixture.ts';

const second = 1000;
const coolDownMs = 30 * second;
const trialMs = 60 * second;

describe('circuit breakers shared through the database', () => {
  let fx: Awaited<ReturnType<typeof distributionFixture>>;
  let db: Db;
  let clock = Date.now();
  /** Two processes' breakers on one clock; `statements` counts what each sends to the database. */
  const statements = { a: 0, b: 0 };
  let a: CircuitBreakers;
  let b: CircuitBreakers;

  const counted = (name: keyof typeof statements): Db =>
    new Proxy(db, {
      get(target, property, receiver) {
        if (typeof property === 'string' && ['select', 'insert', 'update', 'delete', 'execute'].includes(property)) statements[name] += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
  const breakers = (name: keyof typeof statements) => new CircuitBreakers(counted(name), { threshold: 3, coolDownMs, trialMs, now: () => clock });
  const pass = (ms: number) => (clock += ms);
  const rowOf = async (integrationId: number) => (await db.select().from(tables.integrationCircuits).where(eq(tables.integrationCircuits.integration_id, integrationId)))[0];

  before(async () => {
    fx = await distributionFixture();
    db = fx.context.database.db;
  });
  after(() => fx.close());

  test('a closed circuit costs no statement beyond the snapshot read once a second', async () => {
    const { integrationId } = await fx.desk();
    a = breakers('a');
    assert.equal(await a.allows(integrationId), true);
    statements.a = 0;
    for (let call = 0; call < 20; call += 1) {
      assert.equal(await a.allows(integrationId), true);
      await a.succeeded(integrationId);
    }
    assert.equal(statements.a, 0, 'allows and succeeded on a closed circuit');
    pass(1.5 * second);
    assert.equal(await a.allows(integrationId), true);
    assert.equal(statements.a, 1, 'one read of the snapshot after a second');
    assert.equal(await rowOf(integrationId), undefined);
  });

  test('failures of both count together; once open both refuse; after the cool-down exactly one gets the trial; its success closes it for both', async () => {
    const { integrationId } = await fx.desk();
    a = breakers('a');
    b = breakers('b');
    assert.equal(await a.allows(integrationId), true);
    await a.failed(integrationId);
    await a.failed(integrationId);
    assert.equal(a.openUntil(integrationId), null, 'two failures: still closed');
    const opened = clock;
    await b.failed(integrationId);
    assert.equal(b.openUntil(integrationId)?.getTime(), opened + coolDownMs, 'the third, in the other process, opens it');
    assert.equal((await rowOf(integrationId))?.failures, 3);
    assert.equal(await a.allows(integrationId), true, "a's snapshot is not a second old yet");
    pass(1.5 * second);
    assert.deepEqual([await a.allows(integrationId), await b.allows(integrationId)], [false, false]);
    assert.equal(a.openUntil(integrationId)?.getTime(), opened + coolDownMs);

    pass(coolDownMs);
    assert.equal(a.openUntil(integrationId), null, 'the cool-down is over: a trial may go');
    const granted = await Promise.all([a.allows(integrationId), b.allows(integrationId)]);
    assert.deepEqual(
      granted.filter((allowed) => allowed),
      [true],
      'exactly one gets the trial',
    );
    const [trial, other] = granted[0] ? [a, b] : [b, a];
    assert.deepEqual([await trial.allows(integrationId), await other.allows(integrationId)], [false, false], 'no second trial');
    assert.equal(other.openUntil(integrationId)?.getTime(), clock, 'the explainer: open while the trial runs');

    await trial.succeeded(integrationId);
    assert.deepEqual(await rowOf(integrationId).then((row) => [row?.failures, row?.open_until, row?.trial_until]), [0, null, null]);
    assert.equal(await trial.allows(integrationId), true);
    pass(1.5 * second);
    assert.equal(await other.allows(integrationId), true, 'closed for the other once its snapshot is read again');
    assert.equal(other.openUntil(integrationId), null);
  });

  test('a failed trial opens the circuit for another cool-down; a trial that never reports frees itself', async () => {
    const { integrationId } = await fx.desk();
    a = breakers('a');
    b = breakers('b');
    for (let failure = 0; failure < 3; failure += 1) await a.failed(integrationId);
    pass(coolDownMs + second);
    assert.equal(await a.allows(integrationId), true);
    await a.failed(integrationId);
    const reopened = clock;
    assert.equal(a.openUntil(integrationId)?.getTime(), reopened + coolDownMs);
    assert.equal(await b.allows(integrationId), false, 'open again for the other');

    // The trial's process dies: the other refuses until the trial's time is up, then takes one itself.
    pass(coolDownMs + second);
    assert.equal(await a.allows(integrationId), true);
    pass(trialMs - 2 * second);
    assert.equal(await b.allows(integrationId), false);
    pass(3 * second);
    assert.equal(await b.allows(integrationId), true);
    await a.failed(999_999);
    assert.equal(await rowOf(999_999), undefined, 'a failure of an integration deleted meanwhile writes nothing');
    assert.equal(a.openUntil(999_999), null);
  });

  test('the caps board shows each department with its circuit: closed, open with its failures and until when, half-open', async () => {
    const [healthy, broken] = [await fx.desk(), await fx.desk()];
    clock = Date.now();
    a = breakers('a');
    for (let failure = 0; failure < 3; failure += 1) await a.failed(broken.integrationId);
    const response = await fx.call('GET', '/distribution/caps');
    assert.equal(response.statusCode, 200, response.body);
    const board = (response.json() as { data: CapsBoardRow[] }).data;
    const circuitOf = (rows: CapsBoardRow[], id: number) => rows.find((row) => row.department.id === id)?.circuit;
    assert.deepEqual(circuitOf(board, healthy.id), { state: 'closed', failures: 0, open_until: null });
    assert.deepEqual(circuitOf(board, broken.id), { state: 'open', failures: 3, open_until: new Date(clock + coolDownMs).toISOString() });
    const later = await capsBoard(db, new Date(clock + coolDownMs + second));
    assert.equal(circuitOf(later, broken.id)?.state, 'half_open');
  });

  test('the purge drops the cap counters of periods long over and keeps the current and recent ones, and totals', async () => {
    const { id } = await fx.desk();
    const now = Date.now();
    const ago = (days: number) => new Date(now - days * 86_400_000);
    const counters: [typeof tables.departmentCapCounters.$inferInsert, boolean][] = [
      [{ department_id: id, period: 'hour', period_start: ago(0), used: 1 }, true],
      [{ department_id: id, period: 'hour', period_start: ago(9), used: 1 }, false],
      [{ department_id: id, period: 'day', period_start: ago(7), used: 1 }, true],
      [{ department_id: id, period: 'day', period_start: ago(9), country: 'DE', used: 1 }, false],
      [{ department_id: id, period: 'week', period_start: ago(4 * 7), used: 1 }, true],
      [{ department_id: id, period: 'week', period_start: ago(6 * 7), used: 1 }, false],
      [{ department_id: id, period: 'month', period_start: ago(365), used: 1 }, true],
      [{ department_id: id, period: 'month', period_start: ago(14 * 31), used: 1 }, false],
      [{ department_id: id, period: 'total', period_start: new Date(0), used: 1 }, true],
    ];
    await db.insert(tables.departmentCapCounters).values(counters.map(([row]) => row));
    const key = (row: { period: string; period_start: Date; country?: string }) => `${row.period} ${row.period_start.toISOString()} ${row.country ?? ''}`;
    assert.equal(await purgeCapCounters(db), 4);
    const left = await db.select().from(tables.departmentCapCounters).where(eq(tables.departmentCapCounters.department_id, id));
    assert.deepEqual(
      left.map(key).sort(),
      counters
        .filter(([, kept]) => kept)
        .map(([row]) => key(row))
        .sort(),
    );
  });
});
