/**
 * The session checks of live streams (modules/eventStream/sessionChecks.ts, stream.ts): many streams' checks in one
 * turn go as one statement; a session checked past half its cache life is looked up again in the background (renewed
 * while valid, forgotten once revoked); a stream sends an event at once when its check answers from the cache, and
 * never ahead of an earlier event still waiting for its lookup.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import type { AuthContext } from '../src/http/access.ts';
import { SessionCache } from '../src/modules/auth/sessionCache.ts';
import { hashToken } from '../src/modules/auth/tokens.ts';
import { SessionChecks } from '../src/modules/eventStream/sessionChecks.ts';
import type { StoredEvent } from '../src/modules/eventStream/store.ts';
import { EventStream } from '../src/modules/eventStream/stream.ts';
import { createTestContext, type TestContext } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live streams: session checks', () => {
  let context: TestContext;
  let sessionLookups = 0;

  before(async () => {
    context = await createTestContext();
    // Counts the statements that read sessions, as the pool sends them.
    const pool = context.database.pool;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    Object.assign(pool, {
      query: (...args: unknown[]) => {
        const first = args[0];
        const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
        if (/^select .* from "sessions"/is.test(text)) sessionLookups += 1;
        return query(...args);
      },
    });
  });
  after(() => context.close());

  async function sessionOf(token: string) {
    const [row] = await context.database.db
      .select()
      .from(tables.sessions)
      .where(eq(tables.sessions.token_hash, hashToken(token)));
    assert.ok(row);
    return row;
  }

  test('the checks of many streams in one turn go as one statement, each answered for its own session', async () => {
    const users = await Promise.all([context.userWith([]), context.userWith([]), context.userWith([])]);
    const checks = new SessionChecks(context.database.db, new SessionCache(2000));
    const before = sessionLookups;
    const answers = await Promise.all([...users.map((user) => checks.check(hashToken(user.token))), checks.check(hashToken('unknown token'))]);
    assert.deepEqual(
      answers.map((auth) => auth?.userId ?? null),
      [...users.map((user) => user.id), null],
    );
    assert.equal(sessionLookups - before, 1);
    // Cached now: answered at once, without a statement.
    assert.equal((checks.check(hashToken(users[0]?.token ?? '')) as AuthContext).userId, users[0]?.id);
    assert.equal(sessionLookups - before, 1);
  });

  test('a session checked past half its cache life is renewed in the background while valid, and forgotten once revoked', async () => {
    const user = await context.userWith([]);
    const hash = hashToken(user.token);
    const checks = new SessionChecks(context.database.db, new SessionCache(1000));
    assert.equal((await checks.check(hash))?.userId, user.id);
    await sleep(600);
    // Past half its life: still answered from the cache, and looked up again meanwhile.
    assert.ok(!(checks.check(hash) instanceof Promise));
    await sleep(500);
    // Beyond the first entry's life: the renewed entry answers at once.
    assert.ok(!(checks.check(hash) instanceof Promise), 'renewed before it lapsed');

    const revoked = await context.userWith([]);
    const revokedHash = hashToken(revoked.token);
    const revoking = new SessionChecks(context.database.db, new SessionCache(1000));
    assert.equal((await revoking.check(revokedHash))?.userId, revoked.id);
    await context.database.db
      .update(tables.sessions)
      .set({ revoked_at: new Date() })
      .where(eq(tables.sessions.id, (await sessionOf(revoked.token)).id));
    await sleep(600);
    assert.ok(!(revoking.check(revokedHash) instanceof Promise));
    await sleep(200);
    // The first entry would still answer for 200 ms: its refresh found the session revoked and dropped it.
    const answer = revoking.check(revokedHash);
    assert.ok(answer instanceof Promise, 'dropped from the cache by its refresh');
    assert.equal(await answer, null);
  });

  test('a stream sends an event at once when its check answers at once, and never ahead of one waiting for a lookup', async (t) => {
    let written = '';
    const output = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const auth: AuthContext = { userId: 1, sessionId: 1, permissions: [] };
    let lookup: ((found: AuthContext | null) => void) | null = null;
    let slow = false;
    const stream = new EventStream(output, {
      userId: 1,
      check: () => (slow ? new Promise<AuthContext | null>((resolve) => (lookup = resolve)) : auth),
      onEnd: () => undefined,
    });
    const event = (id: number): StoredEvent => ({ id, kind: 'job', userId: 1, permission: null, message: `id: ${id}\n\n` });
    // Ended whatever happens.
    t.after(() => stream.end());
    await stream.open([], 0, { complete: true });
    written = '';
    stream.offer(event(1));
    assert.equal(written, 'id: 1\n\n', 'written within offer');
    slow = true;
    stream.offer(event(2));
    slow = false;
    stream.offer(event(3));
    await sleep(10);
    assert.equal(written, 'id: 1\n\n', 'event 3 waits behind event 2');
    (lookup as ((found: AuthContext | null) => void) | null)?.(auth);
    await sleep(10);
    assert.equal(written, 'id: 1\n\nid: 2\n\nid: 3\n\n');
  });
});
