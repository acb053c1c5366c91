/**
 * An integration's `concurrency` holds across processes: the limiters of two processes (two `IntegrationLimiters` on
 * one database, each with its own holder mark) never run more calls at once than the limit, and both get their turn;
 * one waiting wakes when the other gives a slot back; a slot held past its lease by a live call stays held (renewed); a dead process's slots come free when their lease
 * ends; a lowered limit applies to the next calls; every slot is free once the calls are done.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import * as tables from '../src/db/schema/index.ts';
import { IntegrationLimiters } from '../src/modules/sending/engine/limiter.ts';
import { createTestContext, type TestContext } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('integration call slots shared through the database', () => {
  let context: TestContext;
  let db: Db;
  let seq = 0;

  const newIntegration = async (): Promise<number> => {
    seq += 1;
    const [row] = await db
      .insert(tables.sendIntegrations)
      .values({ name: `Slots integration ${seq}`, site_url: 'http://127.0.0.1:9/leads' })
      .returning({ id: tables.sendIntegrations.id });
    assert.ok(row);
    return row.id;
  };
  const heldSlots = async (integrationId: number): Promise<number> => {
    const rows = await db
      .select()
      .from(tables.integrationCallSlots)
      .where(and(eq(tables.integrationCallSlots.integration_id, integrationId), isNotNull(tables.integrationCallSlots.holder)));
    return rows.length;
  };
  /** Counts the calls running at once and who ran them. */
  const gauge = () => {
    const state = { running: 0, most: 0, ran: new Map<string, number>() };
    const call = (who: string, ms: number) => async () => {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      await sleep(ms);
      state.running -= 1;
      state.ran.set(who, (state.ran.get(who) ?? 0) + 1);
    };
    return { state, call };
  };

  before(async () => {
    context = await createTestContext();
    db = context.database.db;
  });
  after(() => context.close());

  test('two processes together run at most the limit at once, both get their turn, and every slot is free after', async () => {
    const integrationId = await newIntegration();
    const [first, second] = [new IntegrationLimiters(db, null, { pollMs: 2 }), new IntegrationLimiters(db, null, { pollMs: 2 })];
    const { state, call } = gauge();
    await Promise.all([
      ...Array.from({ length: 15 }, () => first.for(integrationId, 3).run(call('first', 10))),
      ...Array.from({ length: 15 }, () => second.for(integrationId, 3).run(call('second', 10))),
    ]);
    assert.equal(state.most, 3, 'the limit reached and never passed');
    assert.deepEqual([state.ran.get('first'), state.ran.get('second')], [15, 15]);
    await sleep(20);
    assert.equal(await heldSlots(integrationId), 0, 'all given back');
  });

  /** The first process holds the one slot for `holdMs`; the second asks 50 ms later: when each happened. */
  const oneAfterTheOther = async (first: IntegrationLimiters, second: IntegrationLimiters, holdMs: number) => {
    const integrationId = await newIntegration();
    const times = { firstDone: 0, secondStarted: 0 };
    const holding = first.for(integrationId, 1).run(async () => {
      await sleep(holdMs);
      times.firstDone = Date.now();
    });
    await sleep(50);
    await second.for(integrationId, 1).run(async () => {
      times.secondStarted = Date.now();
    });
    await holding;
    return times;
  };

  test('a live call keeps its slot past the lease (renewed); the other process waits for it', async () => {
    const options = { leaseSeconds: 1, pollMs: 5, maxPollMs: 50 };
    const { firstDone, secondStarted } = await oneAfterTheOther(new IntegrationLimiters(db, null, options), new IntegrationLimiters(db, null, options), 2_500);
    assert.ok(secondStarted >= firstDone, `the second call started ${firstDone - secondStarted} ms before the first ended`);
  });

  test('a process waiting for a slot wakes when another gives one back (its notification), not at its next look', async () => {
    // Looking again only every 4–12 s: a start within a second of the give-back is the notification's doing.
    const options = { pollMs: 8_000, maxPollMs: 8_000 };
    const listen = context.database.listen;
    const { firstDone, secondStarted } = await oneAfterTheOther(new IntegrationLimiters(db, listen, options), new IntegrationLimiters(db, listen, options), 300);
    assert.ok(secondStarted >= firstDone && secondStarted - firstDone < 1_000, `started ${secondStarted - firstDone} ms after the give-back`);
  });

  test("a dead process's slots come free when their lease ends", async () => {
    const integrationId = await newIntegration();
    const live = new IntegrationLimiters(db, null, { pollMs: 5, maxPollMs: 50 });
    await live.for(integrationId, 2).run(() => Promise.resolve());
    // A process that died holding both slots: its lease runs for another 1.5 s, nobody renews it.
    await db.execute(sql`update integration_call_slots set holder = gen_random_uuid(), lease_until = now() + interval '1.5 seconds' where integration_id = ${integrationId}`);
    const started = Date.now();
    await live.for(integrationId, 2).run(() => Promise.resolve());
    const waited = Date.now() - started;
    assert.ok(waited >= 1_200 && waited < 5_000, `waited ${waited} ms`);
  });

  test('a lowered limit applies to the next calls', async () => {
    const integrationId = await newIntegration();
    const limiters = new IntegrationLimiters(db, null, { pollMs: 2 });
    const wide = gauge();
    await Promise.all(Array.from({ length: 8 }, () => limiters.for(integrationId, 4).run(wide.call('wide', 10))));
    assert.equal(wide.state.most, 4);
    const narrow = gauge();
    await Promise.all(Array.from({ length: 8 }, () => limiters.for(integrationId, 1).run(narrow.call('narrow', 5))));
    assert.equal(narrow.state.most, 1);
  });
});
