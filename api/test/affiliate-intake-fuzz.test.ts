/**
 * Fuzz: 1,000 malformed calls to `POST /api/v1/leads` — broken bodies, hostile headers, forged keys, odd encodings —
 * from a seeded generator (the seed is printed, so a failure can be replayed), plus raw bytes on a real socket that
 * Node's HTTP parser must turn away. Not one answer is a 5xx, every answer is the refused shape, and no lead is written.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { affiliateFixture, type AffiliateFixture } from './affiliateFixture.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/** mulberry32: small, seeded, good enough to pick cases. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

type Call = { headers: Record<string, string>; payload: string | Buffer };

function generator(next: () => number, key: string) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const junkText = (): string =>
    pick([
      '',
      ' ',
      'x'.repeat(300),
      '\u0000',
      '\ud800',
      '💥'.repeat(100),
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '${jndi:ldap://x}',
      '../../etc/passwd',
      '%00',
      'é'.normalize('NFD'),
      '\u202e',
      String(next()),
    ]);
  const junkValue = (depth = 0): unknown =>
    pick([
      () => junkText(),
      () => Math.floor(next() * 1e6) * (next() < 0.5 ? -1 : 1),
      () => Number.MAX_SAFE_INTEGER * 10,
      () => next() < 0.5,
      () => null,
      () => (depth < 3 ? [junkValue(depth + 1), junkValue(depth + 1)] : []),
      () => (depth < 3 ? { [junkText() || 'k']: junkValue(depth + 1) } : {}),
    ])();
  const fields = ['first_name', 'last_name', 'email', 'phone', 'country', 'language', 'ip', 'funnel', 'comment', 'click_id', 'sub1', 'sub5', 'password'];
  /** A body that can never be a valid lead: a field of the wrong type, an unknown field, or no contact at all. */
  const badObject = (): Record<string, unknown> => {
    const body: Record<string, unknown> = {};
    for (const field of fields) if (next() < 0.4) body[field] = junkValue();
    const poison = pick(['unknown', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'email', 'phone']);
    body[poison] = poison === 'email' || poison === 'phone' ? pick([42, [], {}, true, 'not-a-contact']) : junkValue();
    return body;
  };
  const deep = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
  const bodies: (() => string | Buffer)[] = [
    () => JSON.stringify(badObject()),
    () => JSON.stringify(badObject()).slice(0, Math.floor(next() * 40)),
    () => JSON.stringify([badObject()]),
    () => pick(['null', 'true', '0', '"lead"', '[]', '{}', '{"email":}', '{"__proto__":{"admin":true},"email":"a@b.co"}', '\ufeff{}']),
    () => deep(5000),
    () => `{"comment":"${'x'.repeat(17_000)}","email":"a@b.co"}`,
    () => Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
    () => Buffer.from(JSON.stringify({ email: 'a@b.co', first_name: 'x' }), 'utf16le'),
    () => Buffer.from(Array.from({ length: 64 }, () => Math.floor(next() * 256))),
    () => JSON.stringify({ email: 'fuzz@example.com', first_name: '\udc00'.repeat(3), sub1: { nested: true } }),
  ];
  const contentTypes = [
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json, text/plain',
    '',
  ];
  const keys = [
    key,
    key,
    key,
    `${key}x`,
    key.slice(0, -1),
    key.toUpperCase(),
    ` ${key}\t`,
    'crm_' + '\u00e9'.repeat(43),
    '',
    'null',
    'crm_' + 'A'.repeat(43),
    "' or 1=1 --",
    'x'.repeat(5000),
  ];
  return (): Call => {
    const headers: Record<string, string> = {};
    const apiKey = pick(keys);
    if (next() < 0.95) headers['x-api-key'] = apiKey;
    const contentType = pick(contentTypes);
    if (contentType) headers['content-type'] = contentType;
    if (next() < 0.1) headers['content-encoding'] = pick(['gzip', 'br', 'deflate', 'identity, gzip']);
    if (next() < 0.1) headers['idempotency-key'] = pick(['', ' ', '\u00e9', 'x'.repeat(300), 'ok-key']);
    if (next() < 0.05) headers['x-forwarded-for'] = pick(['::1', '999.1.1.1', 'garbage', '10.0.0.1, 10.0.0.2']);
    return { headers, payload: pick(bodies)() };
  };
}

describe('affiliate intake fuzz', () => {
  let context: TestContext;
  let affiliate: AffiliateFixture;
  const leadCount = async () => (await context.database.db.select({ n: count() }).from(tables.leads))[0]?.n;

  before(async () => {
    context = await createTestContext();
    affiliate = await affiliateFixture(context, 'Fuzz Affiliates');
  });
  after(() => context.close());

  test('1,000 malformed calls: no 5xx, each answer a refusal with a reason, no lead written', async () => {
    const seed = Number(process.env['FUZZ_SEED'] ?? Date.now() % 1_000_000);
    const nextCall = generator(random(seed), affiliate.key);
    const before = await leadCount();
    const statuses = new Map<number, number>();
    for (let index = 0; index < 1000; index += 1) {
      const call = nextCall();
      const response = await context.app.inject({ method: 'POST', url: '/api/v1/leads', headers: call.headers, payload: call.payload });
      const where = `seed ${seed}, call ${index}: ${JSON.stringify(call.headers)} ${String(call.payload).slice(0, 120)}`;
      assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${response.statusCode} ${response.body.slice(0, 200)} (${where})`);
      const body = response.json() as { status?: string; reason?: string };
      assert.equal(body.status, 'refused', where);
      assert.ok(typeof body.reason === 'string' && /^[A-Z_]+$/.test(body.reason), where);
      assert.ok(!/at .+\.ts:\d+/.test(response.body), `no stack in the answer (${where})`);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    assert.equal(await leadCount(), before, `seed ${seed}: no lead written`);
    assert.ok(statuses.size >= 4, `the calls reach several refusals: ${JSON.stringify([...statuses])}`);
  });

  test('raw bytes on a socket: broken HTTP framing is turned away with a 4xx, never a 5xx or a lead', async () => {
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as AddressInfo;
    const before = await leadCount();
    const raw = [
      `POST /api/v1/leads HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${affiliate.key}\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\n{"a":1}`,
      `POST /api/v1/leads HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${affiliate.key}\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n`,
      `POST /api/v1/leads HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${affiliate.key}\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      `POST /api/v1/leads HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${affiliate.key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"a@b.co"}`,
      `POST /api/v1/leads HTTP/1.1\r\nHost: x\r\nX-Api-Key:\u0000${affiliate.key}\r\n\r\n`,
      `POST /api/v1/leads HTTP/9.9\r\n\r\n`,
      `POST /api/v1/leads\r\n\r\n`,
      `\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u01fc\u0003\u0003`,
    ];
    for (const request of raw) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let received = '';
        socket.setTimeout(1500, () => socket.destroy());
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('close', () => resolve(received));
        socket.on('error', () => resolve(received));
        socket.end(request, 'latin1');
      });
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      assert.ok(status === 0 || (status >= 400 && status < 500), `${JSON.stringify(request.slice(0, 60))} → ${answer.slice(0, 80)} (${address})`);
    }
    assert.equal(await leadCount(), before);
  });
});
