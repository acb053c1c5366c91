/**
 * The receivers' side of the live-event tests (events-leads, events-caps): streams of users opened on a listening app,
 * payloads of an expected kind, and proof that a user was sent none of the events written before a marker.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { Db } from '../src/db/database.ts';
import { html } from '../src/modules/notifications/html.ts';
import { notify } from '../src/modules/notifications/service.ts';
import { openEventStream, type OpenStream } from './eventStreamClient.ts';
import { bearer, type TestContext } from './helpers.ts';

/** Listens on a free loopback port; returns the base URL. */
export async function listening(context: TestContext): Promise<string> {
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
}

/** A user's stream, live (past its `ready`). */
export async function openLive(base: string, token: string): Promise<OpenStream> {
  const stream = await openEventStream(base, { headers: bearer(token) });
  assert.equal(stream.status, 200, JSON.stringify(stream.body));
  assert.equal((await stream.next()).event, 'ready');
  return stream;
}

/** The next message's payload, which must be of this kind. */
export async function nextPayload<Payload>(stream: OpenStream, kind: string): Promise<Payload> {
  const message = await stream.next();
  assert.equal(message.event, kind, message.data);
  return JSON.parse(message.data) as Payload;
}

/**
 * The user's next message is their own notification, written now: none of the events written before reached them
 * (events come in order). The user needs the permission to see their notifications.
 */
export async function assertSentNone(db: Db, userId: number, stream: OpenStream): Promise<void> {
  await notify(db, { userId, type: 'success', title: 'Marker', message: html`Marker` });
  const message = await stream.next();
  assert.equal(message.event, 'notification', `the user was sent ${message.event} ${message.data}`);
}
