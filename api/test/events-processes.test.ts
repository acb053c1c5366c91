/**
 * Live updates across processes and over time: an event written through one API instance reaches a stream opened on
 * another (on PostgreSQL, a second instance on its own connections, as a second process has; on PGlite, which one
 * process owns, a second instance on the same database); events are numbered in commit order; heartbeats keep a quiet
 * stream open and end it once its session has.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp, type App } from '../src/app/app.ts';
import { openDatabase, type Database } from '../src/db/database.ts';
import * as tables from '../src/db/schema/index.ts';
import type { AuthContext } from '../src/http/access.ts';
import { EventStream } from '../src/modules/eventStream/stream.ts';
import { openEventStream } from './eventStreamClient.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

describe('live updates across API processes', () => {
  let context: TestContext;
  let second: { app: App; database: Database; close(): Promise<void> };
  const baseOf = (app: App) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  before(async () => {
    context = await createTestContext();
    const adminUrl = process.env['TEST_DATABASE_URL'];
    let database = context.database;
    if (adminUrl) {
      const [{ name } = { name: '' }] = (await context.database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      database = await openDatabase({ url: url.toString(), poolSize: 3 });
    }
    const app = await buildApp({
      database,
      jobs: context.jobs,
      engine: context.engine,
      config: { corsOrigins: [], sessionTtlHours: 24, authCacheMs: 2000, loginRateLimit: 100, loginRateWindowSeconds: 60, loginIpRateLimit: 100, postbackRateLimit: 100, logLevel: 'silent' },
    });
    let closing: Promise<void> | null = null;
    second = {
      app,
      database,
      close: () =>
        (closing ??= (async () => {
          await app.close();
          if (database !== context.database) await database.close();
        })()),
    };
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await second.close();
    await context.close();
  });

  test('an event written through one instance reaches the streams opened on both', async () => {
    const user = await context.userWith(['user.profile.job.view', 'user.profile.job.cancel']);
    const [row] = await context.database.db.insert(tables.jobs).values({ user_id: user.id, type: 'test.held', name: 'Held', status: 'running' }).returning({ id: tables.jobs.id });
    assert.ok(row);
    const streams = [await openEventStream(baseOf(context.app), { headers: bearer(user.token) }), await openEventStream(baseOf(second.app), { headers: bearer(user.token) })];
    try {
      for (const stream of streams) assert.equal((await stream.next()).event, 'ready');
      const cancelled = await second.app.inject({ method: 'PUT', url: `/api/jobs/${row.id}/cancel`, headers: bearer(user.token) });
      assert.equal(cancelled.statusCode, 200, cancelled.body);
      for (const stream of streams) {
        const message = await stream.next();
        assert.deepEqual([message.event, JSON.parse(message.data)], ['job', { id: row.id, status: 'cancelled', progress: 0, total: 0, pending: 0, processed: 0, failed: 0 }]);
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  test('events are numbered in commit order: a second writer waits for the first to commit', async () => {
    const [user] = await context.database.db.select({ id: tables.users.id }).from(tables.users).limit(1);
    assert.ok(user);
    const insert = `insert into events (kind, user_id, payload) values ('job', ${user.id}, '{}') returning id`;
    const first = await context.database.pool.connect();
    let secondId = 0;
    try {
      await first.query('begin');
      const firstId = (await first.query<{ id: number }>(insert)).rows[0]?.id ?? 0;
      const writer = (async () => {
        // On PGlite the second writer waits for the one connection, on PostgreSQL for the events' lock: both after the commit.
        const client = await second.database.pool.connect();
        try {
          secondId = (await client.query<{ id: number }>(insert)).rows[0]?.id ?? 0;
        } finally {
          client.release();
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(secondId, 0, 'the second insert waits');
      await first.query('commit');
      first.release();
      await writer;
      assert.ok(secondId > firstId, `${secondId} after ${firstId}`);
    } catch (error) {
      first.release();
      throw error;
    }
  });

  test('closing an instance ends the streams open on it', async () => {
    const user = await context.userWith([]);
    const stream = await openEventStream(baseOf(second.app), { headers: bearer(user.token) });
    assert.equal((await stream.next()).event, 'ready');
    const closed = second.close();
    assert.equal(await stream.ended(5000), true);
    await closed;
  });

  test('heartbeats keep a quiet stream open, and end it once its session has ended', async () => {
    const output = new PassThrough();
    let written = '';
    output.on('data', (chunk: Buffer) => (written += chunk.toString()));
    let session: AuthContext | null = { userId: 1, sessionId: 1, permissions: [] };
    let ended = false;
    const stream = new EventStream(output, { userId: 1, check: () => Promise.resolve(session), onEnd: () => (ended = true) });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
    stream.beat(); // before `ready`: not sent
    await stream.open([], 7, { complete: true });
    stream.beat();
    stream.beat();
    await settled();
    assert.ok(!ended);
    assert.match(written, /^id: 7\nevent: ready\ndata: \{"complete":true\}\n\n(event: heartbeat\ndata: \{\}\n\n){2}$/);
    session = null;
    stream.beat();
    await settled();
    assert.ok(ended, 'ended by the heartbeat that found no session');
    assert.ok(output.writableEnded);
  });
});
