/**
 * Live updates (issue 34): `GET /api/events` over a real socket. An event reaches only its receiver; a ticket opens
 * one stream once; a stream resumes after `Last-Event-ID` without losing or repeating events; a stream ends with its
 * session and passes over what a lost permission no longer shows.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Permission } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { purgeEvents } from '../src/modules/events/publish.ts';
import { html } from '../src/modules/notifications/html.ts';
import { notify } from '../src/modules/notifications/service.ts';
import { openEventStream, type OpenStream, type SseMessage } from './eventStreamClient.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

const permissions: Permission[] = ['user.profile.notification.view', 'user.profile.job.view', 'user.profile.job.cancel'];
const payloadOf = (message: SseMessage): unknown => JSON.parse(message.data);

describe('live updates over Server-Sent Events', () => {
  let context: TestContext;
  let base: string;
  let releaseJob: () => void = () => undefined;

  before(async () => {
    context = await createTestContext({
      registerJobs: (jobs) => {
        jobs.register('test.steps', async ({ report }) => {
          await report({ processed: 1, total: 2 });
          await new Promise<void>((resolve) => (releaseJob = resolve));
          await report({ processed: 2 });
        });
      },
    });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
  });
  after(() => context.close());

  const say = (userId: number, title: string) => notify(context.database.db, { userId, type: 'success', title, message: html`${title}` });
  const open = (token: string, headers: Record<string, string> = {}) => openEventStream(base, { headers: { ...bearer(token), ...headers } });
  async function ready(stream: OpenStream): Promise<SseMessage> {
    assert.equal(stream.status, 200, JSON.stringify(stream.body));
    const message = await stream.next();
    assert.equal(message.event, 'ready');
    return message;
  }
  async function ticketFor(token: string): Promise<string> {
    const answer = await context.app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(token) });
    assert.equal(answer.statusCode, 201, answer.body);
    return (answer.json() as { data: { ticket: string } }).data.ticket;
  }
  async function runningJob(userId: number): Promise<number> {
    const [row] = await context.database.db.insert(tables.jobs).values({ user_id: userId, type: 'test.steps', name: 'Held', status: 'running' }).returning({ id: tables.jobs.id });
    assert.ok(row);
    return row.id;
  }

  test("a job's progress and end, and a new notification, reach their user and no one else", async () => {
    const alice = await context.userWith(permissions, 'Alice');
    const bob = await context.userWith(permissions, 'Bob');
    const [aliceStream, bobStream] = await Promise.all([open(alice.token), open(bob.token)]);
    await ready(aliceStream);
    await ready(bobStream);
    try {
      const job = await context.jobs.dispatch({ userId: alice.id, type: 'test.steps', name: 'Steps' });
      const claimed = await aliceStream.next();
      assert.deepEqual([claimed.event, payloadOf(claimed)], ['job', { id: job.id, status: 'running', progress: 0, total: 0, pending: 0, processed: 0, failed: 0 }]);
      const first = await aliceStream.next();
      assert.deepEqual([first.event, payloadOf(first)], ['job', { id: job.id, status: 'running', progress: 50, total: 2, pending: 1, processed: 1, failed: 0 }]);
      releaseJob();
      const rest = [await aliceStream.next(), await aliceStream.next(), await aliceStream.next()];
      assert.deepEqual(
        rest.map((message) => [message.event, payloadOf(message)]),
        [
          ['job', { id: job.id, status: 'running', progress: 100, total: 2, pending: 0, processed: 2, failed: 0 }],
          ['notification', { id: (payloadOf(rest[1]!) as { id: number }).id, unread: 1 }],
          ['job', { id: job.id, status: 'finished', progress: 100, total: 2, pending: 0, processed: 2, failed: 0 }],
        ],
      );
      const ids = [claimed, first, ...rest].map((message) => Number(message.id));
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
        'numbered in order',
      );

      // Bob's own event comes after Alice's were written: had he been sent hers, they would come first.
      await say(bob.id, 'For Bob');
      const bobs = await bobStream.next();
      assert.equal(bobs.event, 'notification');
      assert.equal((payloadOf(bobs) as { unread: number }).unread, 1);
      assert.ok(Number(bobs.id) > Math.max(...ids));
    } finally {
      aliceStream.close();
      bobStream.close();
    }
  });

  test('a ticket opens one stream once; a used, expired or made-up ticket and no credentials are a 401', async () => {
    const user = await context.userWith(permissions);
    const answer = await context.app.inject({ method: 'POST', url: '/api/events/ticket', headers: bearer(user.token) });
    assert.equal(answer.statusCode, 201, answer.body);
    const { ticket, expires_at } = (answer.json() as { data: { ticket: string; expires_at: string } }).data;
    assert.match(ticket, /^[A-Za-z0-9_-]{43}$/);
    const lifetime = Date.parse(expires_at) - Date.now();
    assert.ok(lifetime > 50_000 && lifetime <= 61_000, `valid about a minute (${lifetime} ms)`);
    const stored = await context.database.db.select().from(tables.eventTickets);
    assert.ok(stored.length > 0 && stored.every((row) => row.token_hash !== ticket && row.token_hash.length === 64), 'stored hashed');

    const first = await openEventStream(base, { query: { ticket }, headers: { origin: 'http://localhost:3000' } });
    try {
      await ready(first);
      assert.equal(first.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      assert.equal(first.headers.get('access-control-allow-origin'), 'http://localhost:3000', 'the CORS headers of a hijacked answer');
      const again = await openEventStream(base, { query: { ticket } });
      assert.deepEqual([again.status, again.body], [401, { message: 'Unauthenticated.' }]);
    } finally {
      first.close();
    }

    const late = await ticketFor(user.token);
    await context.database.db.update(tables.eventTickets).set({ expires_at: sql`now() - interval '1 second'` });
    const expired = await openEventStream(base, { query: { ticket: late } });
    assert.deepEqual([expired.status, expired.body], [401, { message: 'Unauthenticated.' }]);
    assert.equal((await context.database.db.select().from(tables.eventTickets)).length, 0, 'used and expired tickets are gone');

    // The long-lived token is no ticket, and a URL never carries it.
    for (const query of [{ ticket: user.token }, {} as Record<string, string>]) {
      const refused = await openEventStream(base, { query });
      assert.equal(refused.status, 401, JSON.stringify(query));
    }
    const malformed = await openEventStream(base, { query: { ticket: 'short' } });
    assert.equal(malformed.status, 422);
    const badResume = await open(user.token, { 'last-event-id': '0x10' });
    assert.deepEqual([badResume.status, (badResume.body as { errors?: unknown }).errors], [422, { last_event_id: ['The Last-Event-ID header must be a whole number.'] }]);
  });

  test('resuming after Last-Event-ID sends what was written meanwhile, once, then goes live', async () => {
    const user = await context.userWith(permissions);
    const other = await context.userWith(permissions);
    const stream = await open(user.token);
    await ready(stream);
    await say(user.id, 'one');
    const seen = await stream.next();
    assert.deepEqual(payloadOf(seen), { id: (payloadOf(seen) as { id: number }).id, unread: 1 });
    stream.close();

    await say(user.id, 'two');
    await say(other.id, 'not yours');
    await say(user.id, 'three');

    const unreadOf = (message: SseMessage) => [message.event, (payloadOf(message) as { unread?: number }).unread];
    const resumed = await open(user.token, { 'last-event-id': seen.id ?? '' });
    // By query (a new EventSource made with a new ticket), the same.
    const byQuery = await openEventStream(base, { query: { ticket: await ticketFor(user.token), last_event_id: seen.id ?? '' } });
    try {
      for (const again of [resumed, byQuery]) {
        const missed = [await again.next(), await again.next(), await again.next()];
        assert.deepEqual(missed.map(unreadOf), [
          ['notification', 2],
          ['notification', 3],
          ['ready', undefined],
        ]);
        assert.deepEqual(payloadOf(missed[2]!), { complete: true });
        assert.ok(Number(missed[0]!.id) > Number(seen.id) && Number(missed[1]!.id) > Number(missed[0]!.id));
        assert.ok(Number(missed[2]!.id) >= Number(missed[1]!.id));
      }
      await say(user.id, 'four');
      for (const again of [resumed, byQuery]) assert.deepEqual(unreadOf(await again.next()), ['notification', 4]);
    } finally {
      resumed.close();
      byQuery.close();
    }

    // Events kept past EVENTS_KEEP_MINUTES are purged (the newest stays): a resume from before them says so.
    await context.database.db.execute(sql`update ${tables.events} set created_at = now() - interval '1 hour'`);
    await purgeEvents(context.database.db, 10);
    assert.equal((await context.database.db.select().from(tables.events)).length, 1);
    const late = await open(user.token, { 'last-event-id': seen.id ?? '' });
    try {
      let message = await late.next();
      while (message.event !== 'ready') message = await late.next();
      assert.deepEqual(payloadOf(message), { complete: false });
    } finally {
      late.close();
    }
  });

  test('a stream ends with its session, and passes over what a permission taken away would show', async () => {
    const user = await context.userWith(permissions);
    const stream = await open(user.token);
    await ready(stream);
    const logout = await context.app.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(user.token) });
    assert.equal(logout.statusCode, 200);
    await say(user.id, 'after logout');
    assert.equal(await stream.ended(5000), true, 'the stream ended');
    await assert.rejects(stream.next(100), /the stream ended/, 'and sent nothing after the logout');

    const reader = await context.userWith(permissions);
    const watched = await open(reader.token);
    try {
      await ready(watched);
      const [permission] = await context.database.db.select({ id: tables.permissions.id }).from(tables.permissions).where(eq(tables.permissions.name, 'user.profile.notification.view'));
      assert.ok(permission);
      await context.database.db.delete(tables.userPermissions).where(and(eq(tables.userPermissions.user_id, reader.id), eq(tables.userPermissions.permission_id, permission.id)));
      const [firstJob, secondJob] = [await runningJob(reader.id), await runningJob(reader.id)];
      // A write through the API forgets the cached sessions: the change counts from here on.
      const cancel = (id: number) => context.app.inject({ method: 'PUT', url: `/api/jobs/${id}/cancel`, headers: bearer(reader.token) });
      assert.equal((await cancel(firstJob)).statusCode, 200);
      await say(reader.id, 'unseen');
      assert.equal((await cancel(secondJob)).statusCode, 200);
      const received = [await watched.next(), await watched.next()];
      assert.deepEqual(
        received.map((message) => [message.event, payloadOf(message)]),
        [
          ['job', { id: firstJob, status: 'cancelled', progress: 0, total: 0, pending: 0, processed: 0, failed: 0 }],
          ['job', { id: secondJob, status: 'cancelled', progress: 0, total: 0, pending: 0, processed: 0, failed: 0 }],
        ],
      );
    } finally {
      watched.close();
    }
  });
});
