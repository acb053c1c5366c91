/**
 * The rules around `POST /api/v1/leads`: the per-key rate limit, `Idempotency-Key` (replay, another body, in flight, a
 * dead call taken over, expiry), the company's daily cap at its own midnight (exact under concurrent calls), and a
 * key's source belonging to its company.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { count, desc, eq, sql } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { takeDailySlots } from '../src/modules/affiliates/dailyCap.ts';
import { bodyHash, purgeIdempotencyKeys } from '../src/modules/affiliates/idempotency.ts';
import { keysForCalls } from '../src/modules/affiliates/keys.ts';
import { purgeRateWindows, rateExceeded, rateWindowOf } from '../src/modules/affiliates/rateLimit.ts';
import { affiliateFixture, type AffiliateFixture } from './affiliateFixture.ts';
import { createTestContext, type TestContext } from './helpers.ts';

describe('affiliate intake rules', () => {
  let context: TestContext;
  let affiliate: AffiliateFixture;
  const leadCount = async () => (await context.database.db.select({ n: count() }).from(tables.leads))[0]?.n;

  before(async () => {
    context = await createTestContext();
    affiliate = await affiliateFixture(context, 'Rules Affiliates');
  });
  after(() => context.close());

  test('RATE_LIMITED: 429 with Retry-After past the key’s calls per minute; counted per key', async () => {
    const limited = await affiliate.issue({ rate_limit_per_minute: 3 });
    const headers = { 'x-api-key': limited.key };
    for (let call = 0; call < 3; call += 1) assert.equal((await affiliate.post({ email: affiliate.email() }, headers)).statusCode, 201);
    const before = await leadCount();
    const refused = await affiliate.post({ email: affiliate.email() }, headers);
    affiliate.refusal(refused, 429, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.equal(await leadCount(), before, 'a limited call writes no lead');
    assert.equal((await affiliate.post({ email: affiliate.email() })).statusCode, 201, 'another key of the company has its own count');
  });

  test('the rate window turns on the minute: counted per key and window, Retry-After the seconds left', async () => {
    const limited = await affiliate.issue({ rate_limit_per_minute: 1 });
    const db = context.database.db;
    const late = Date.parse('2026-11-27T12:00:59.400Z');
    const next = Date.parse('2026-11-27T12:01:00.000Z');
    const [first, other, second, unknown] = await keysForCalls(db, [limited.key, affiliate.key, limited.key, 'crm_nope'], rateWindowOf(late));
    assert.deepEqual([first?.calls, other?.calls, second?.calls, unknown], [1, 1, 2, null], 'counted per key, in the calls’ order');
    assert.deepEqual(rateExceeded(second?.calls ?? 0, 1, late), { message: 'More than 1 calls a minute with this key: retry in 1 s.', retryAfter: 1 });
    assert.equal((await keysForCalls(db, [limited.key], rateWindowOf(late)))[0]?.calls, 3);
    assert.equal((await keysForCalls(db, [limited.key], rateWindowOf(next)))[0]?.calls, 1, 'a new minute, a new count');
    assert.equal(rateExceeded(1, 1, next), null);
    assert.deepEqual(await keysForCalls(db, [`crm_${'x'.repeat(43)}`], rateWindowOf(next)), [null], 'an unknown key counts nothing');
  });

  test('Idempotency-Key: a replay gets the first answer and writes nothing; another body is IDEMPOTENCY_CONFLICT', async () => {
    const headers = { 'x-api-key': affiliate.key, 'idempotency-key': `order-${Date.now()}` };
    const body = { email: affiliate.email(), first_name: 'Once' };
    const first = await affiliate.post(body, headers);
    assert.equal(first.statusCode, 201, first.body);
    const before = await leadCount();
    const replay = await affiliate.post(body, headers);
    assert.equal(replay.statusCode, 201);
    assert.deepEqual(replay.json(), first.json(), 'the same lead id and received_at');
    assert.equal(replay.headers['idempotent-replayed'], 'true');
    assert.equal(await leadCount(), before);
    affiliate.refusal(await affiliate.post({ ...body, first_name: 'Twice' }, headers), 422, 'IDEMPOTENCY_CONFLICT');

    const refusedHeaders = { ...headers, 'idempotency-key': `bad-${Date.now()}` };
    const invalid = affiliate.refusal(await affiliate.post({ first_name: 'No contact' }, refusedHeaders), 422, 'INVALID');
    assert.deepEqual(affiliate.refusal(await affiliate.post({ first_name: 'No contact' }, refusedHeaders), 422, 'INVALID'), invalid, 'a refusal replays too');
    affiliate.refusal(await affiliate.post(body, { ...headers, 'idempotency-key': 'ü'.repeat(3) }), 422, 'INVALID');
    affiliate.refusal(await affiliate.post(body, { ...headers, 'idempotency-key': 'k'.repeat(256) }), 422, 'INVALID');
  });

  test('Idempotency-Key in flight: 409 IN_FLIGHT with Retry-After 1; a dead call’s claim is taken over once stale; kept 72 h', async () => {
    const db = context.database.db;
    const key = `flight-${Date.now()}`;
    const body = { email: affiliate.email() };
    // What a call that is still running (or that died mid-way) leaves: a claim without an answer.
    await db.insert(tables.affiliateIdempotency).values({ affiliate_company_id: affiliate.companyId, idempotency_key: key, body_hash: bodyHash(body) });
    const headers = { 'x-api-key': affiliate.key, 'idempotency-key': key };
    const inFlight = await affiliate.post(body, headers);
    affiliate.refusal(inFlight, 409, 'IN_FLIGHT');
    assert.equal(inFlight.headers['retry-after'], '1');
    await db.execute(sql`update affiliate_idempotency set claimed_at = now() - interval '1 minute' where idempotency_key = ${key}`);
    const takenOver = await affiliate.post(body, headers);
    assert.equal(takenOver.statusCode, 201, takenOver.body);

    await db.execute(sql`update affiliate_idempotency set created_at = now() - interval '73 hours' where idempotency_key = ${key}`);
    const afterExpiry = await affiliate.post(body, headers);
    affiliate.refusal(afterExpiry, 409, 'DUPLICATE');
    assert.equal(afterExpiry.headers['idempotent-replayed'], undefined, 'an expired key is a new call');
  });

  test('Idempotency-Key raced: the same call sent 4 times at once writes one lead; every answer is that lead or IN_FLIGHT', async () => {
    const headers = { 'x-api-key': affiliate.key, 'idempotency-key': `race-${Date.now()}` };
    const body = { email: affiliate.email() };
    const before = await leadCount();
    const answers = await Promise.all([1, 2, 3, 4].map(() => affiliate.post(body, headers)));
    const accepted = answers.filter((answer) => answer.statusCode === 201).map((answer) => (answer.json() as { lead_id: string }).lead_id);
    assert.ok(accepted.length >= 1);
    assert.equal(new Set(accepted).size, 1, 'one lead id');
    for (const answer of answers.filter((one) => one.statusCode !== 201)) affiliate.refusal(answer, 409, 'IN_FLIGHT');
    assert.equal(await leadCount(), (before ?? 0) + 1);
  });

  test('CAP_REACHED: 429 past the daily cap, kept as a failed lead; concurrent calls stop exactly at the cap', async () => {
    const capped = await affiliateFixture(context, 'Capped Affiliates');
    await context.database.db.insert(tables.affiliateSettings).values({ affiliate_company_id: capped.companyId, daily_cap: 5, time_zone: 'Pacific/Kiritimati' });
    const answers = await Promise.all(Array.from({ length: 12 }, () => capped.post({ email: capped.email() })));
    assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [...Array<number>(5).fill(201), ...Array<number>(7).fill(429)]);
    for (const answer of answers.filter((one) => one.statusCode === 429)) capped.refusal(answer, 429, 'CAP_REACHED');
    const db = context.database.db;
    const [leads] = await db.select({ n: count() }).from(tables.leads).where(eq(tables.leads.affiliate_company_id, capped.companyId));
    assert.equal(leads?.n, 5);
    const [failed] = await db.select().from(tables.failedLeads).where(eq(tables.failedLeads.affiliate_company_id, capped.companyId)).orderBy(desc(tables.failedLeads.id)).limit(1);
    assert.deepEqual([failed?.reason_code, failed?.source_id], ['CAP_REACHED', capped.sourceId]);
    const [counted] = await db.select().from(tables.affiliateDailyCounts).where(eq(tables.affiliateDailyCounts.affiliate_company_id, capped.companyId));
    const kiritimatiToday = new Date(Date.now() + 14 * 3600_000).toISOString().slice(0, 10);
    assert.deepEqual([counted?.day, counted?.accepted], [kiritimatiToday, 5], 'counted on the company’s own day (UTC+14)');
  });

  test('the daily cap resets at the company’s midnight, not UTC’s', async () => {
    const db = context.database.db;
    const capped = await affiliateFixture(context, 'Midnight Affiliates');
    const limit = { cap: 1, timeZone: 'Asia/Tokyo' };
    const lead = (await capped.post({ email: capped.email() })).json() as { lead_id: string };
    const [row] = await db.select({ id: tables.leads.id }).from(tables.leads).where(eq(tables.leads.lead_id, lead.lead_id));
    const slot = (at: string) => db.transaction((tx) => takeDailySlots(tx, capped.companyId, limit, new Date(at), 1, row?.id ?? 0));
    // 14:59:59 UTC is 23:59:59 in Tokyo; 15:00 UTC is the next Tokyo day, while UTC's day has nine hours to go.
    assert.equal(await slot('2026-03-10T14:59:58Z'), 1);
    assert.equal(await slot('2026-03-10T14:59:59Z'), 0, 'the Tokyo day is full');
    assert.equal(await slot('2026-03-10T15:00:00Z'), 1, 'a new Tokyo day');
    assert.equal(await slot('2026-03-10T20:00:00Z'), 0);
    const many = (at: string, wanted: number) => db.transaction((tx) => takeDailySlots(tx, capped.companyId, { cap: 5, timeZone: 'Asia/Tokyo' }, new Date(at), wanted));
    assert.equal(await many('2026-03-12T01:00:00Z', 3), 3, 'a batch takes what it needs');
    assert.equal(await many('2026-03-12T02:00:00Z', 4), 2, 'and no more than is left');
    assert.equal(await many('2026-03-12T03:00:00Z', 1), 0);
  });

  test('a key’s source must be the company’s own (or no company’s)', async () => {
    const other = await affiliateFixture(context, 'Other Affiliates');
    const refused = await affiliate.admin('POST', `/settings/affiliate/company/${affiliate.companyId}/api-key`, { name: 'Wrong', source_id: other.sourceId });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.match(JSON.stringify(refused.json()), /belongs to another affiliate company/);
    const edit = await affiliate.admin('PUT', `/settings/affiliate/api-key/${affiliate.keyId}`, { source_id: other.sourceId });
    assert.equal(edit.statusCode, 422, edit.body);
  });

  test('the purge drops ended rate windows and idempotency records past 72 h, and keeps the rest', async () => {
    const db = context.database.db;
    await db.insert(tables.affiliateRateWindows).values([
      { key_id: affiliate.keyId, window_start: new Date(Date.now() - 5 * 60_000), calls: 9 },
      { key_id: affiliate.keyId, window_start: new Date(Date.now() + 60_000), calls: 1 },
    ]);
    await db.insert(tables.affiliateIdempotency).values([
      { affiliate_company_id: affiliate.companyId, idempotency_key: 'old', body_hash: 'x', created_at: new Date(Date.now() - 73 * 3600_000) },
      { affiliate_company_id: affiliate.companyId, idempotency_key: 'young', body_hash: 'x', created_at: new Date(Date.now() - 71 * 3600_000) },
    ]);
    assert.ok((await purgeRateWindows(db)) >= 1);
    assert.equal(await purgeIdempotencyKeys(db), 1);
    const windows = await db.select().from(tables.affiliateRateWindows).where(eq(tables.affiliateRateWindows.key_id, affiliate.keyId));
    assert.ok(windows.every((window) => window.window_start.getTime() > Date.now() - 60_000));
    const kept = await db
      .select({ key: tables.affiliateIdempotency.idempotency_key })
      .from(tables.affiliateIdempotency)
      .where(sql`idempotency_key in ('old', 'young')`);
    assert.deepEqual(kept, [{ key: 'young' }]);
  });
});
