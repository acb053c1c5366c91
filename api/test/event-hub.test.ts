/**
 * The event hub of an API process (modules/eventStream/hub.ts): notifications that keep coming are served by reads at
 * least 50 ms apart, and every event still reaches the open streams, once and in order.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db } from '../src/db/database.ts';
import type { Listen } from '../src/db/listen.ts';
import { EventHub } from '../src/modules/eventStream/hub.ts';
import type { StoredEvent } from '../src/modules/eventStream/store.ts';
import { publishLeadChanges } from '../src/modules/events/changes.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let context: TestContext;
before(async () => (context = await createTestContext()));
after(() => context.close());

/** The database with its `select` calls counted: the hub reads events with one select each. */
function countingSelects(db: Db): { db: Db; reads: () => number } {
  let reads = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        reads += 1;
        return Reflect.apply(value, target, args) as unknown;
      };
    },
  });
  return { db: counted, reads: () => reads };
}

test('a notification every 5 ms for 300 ms is served by reads at least 50 ms apart, and every event arrives once', async () => {
  const { db, reads } = countingSelects(context.database.db);
  let wake: (payload: string | null) => void = () => undefined;
  const listen: Listen = async (_channel, handler) => {
    wake = handler;
    return async () => undefined;
  };
  const hub = new EventHub(db, listen);
  await hub.start();
  const received: StoredEvent[] = [];
  hub.subscribe({ userId: 1, offer: (event) => received.push(event) });
  const readsBefore = reads();

  const leadIds: number[] = [];
  const started = Date.now();
  for (let index = 0; Date.now() - started < 300; index += 1) {
    await publishLeadChanges(context.database.db, [index + 1]);
    leadIds.push(index + 1);
    wake('1');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
  await hub.stop();

  const readsMade = reads() - readsBefore;
  // 300 ms of notifications and the read after them: 7 reads at 50 ms apart, 2 more for timers' slack.
  assert.ok(readsMade <= 9, `${readsMade} reads for ${leadIds.length} notifications`);
  assert.ok(leadIds.length >= 20, `only ${leadIds.length} notifications sent`);
  const ids = received.map((event) => (JSON.parse(event.message.split('data: ')[1] ?? '{}') as { ids: number[] }).ids[0]);
  assert.deepEqual(ids, leadIds);
});
