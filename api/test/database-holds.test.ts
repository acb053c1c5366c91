/** A connection held past DB_HOLD_WARN_MS is logged with its last statement (db/holdWatch.ts), on PGlite and PostgreSQL. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from './helpers.ts';

test('a transaction held past the limit is warned of with its first and slowest statements; a short one is not', async (t) => {
  const database = await createTestDatabase({ holdWarnMs: 200 });
  const warn = t.mock.method(console, 'warn', () => undefined);
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 'quick' as probe`);
    });
    await database.db.execute(sql`select 'single' as probe`);
    assert.equal(warn.mock.callCount(), 0, 'no warning for short holds');

    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 'held here' as probe`);
      await sleep(400);
    });
    assert.equal(warn.mock.callCount(), 1);
    const message = String(warn.mock.calls[0]?.arguments[0]);
    assert.match(message, /database connection held \d+ ms; its first statement \(\d+ ms: select 'held here' as probe\); its slowest \(\d+ ms: select 'held here' as probe\)/);
    const heldMs = Number(/held (\d+) ms/.exec(message)?.[1]);
    assert.ok(heldMs >= 400 && heldMs < 5_000, `held ${heldMs} ms`);

    // A slow statement: named as the slowest, with its time.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 'first' as probe`);
      await tx.execute(sql`select pg_sleep(0.3), 'slow' as probe`);
    });
    assert.equal(warn.mock.callCount(), 2);
    const slow = String(warn.mock.calls[1]?.arguments[0]);
    assert.match(slow, /its first statement \(\d+ ms: select 'first' as probe\); its slowest \((\d+) ms: select pg_sleep\(0\.3\), 'slow' as probe\)/);
    assert.ok(Number(/its slowest \((\d+) ms/.exec(slow)?.[1]) >= 300);
  } finally {
    await database.close();
  }
});
