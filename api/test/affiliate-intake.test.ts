/**
 * `POST /api/v1/leads` as an affiliate's server meets it: accepted leads with the key's company and source, every
 * refusal with its reason and status, refused leads kept as failed leads, hostile bodies answered without a 5xx, every
 * call logged with its secrets redacted, and its own OpenAPI document.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { count, desc, eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { affiliateFixture, type AffiliateFixture } from './affiliateFixture.ts';
import { createTestContext, type TestContext } from './helpers.ts';

describe('affiliate lead intake', () => {
  let context: TestContext;
  let fixture: AffiliateFixture;
  let companyId: number;
  let sourceId: number;
  let key: string;
  let keyId: number;
  const email = () => fixture.email();
  const admin: AffiliateFixture['admin'] = (...args) => fixture.admin(...args);
  const issue: AffiliateFixture['issue'] = (...args) => fixture.issue(...args);
  const post: AffiliateFixture['post'] = (...args) => fixture.post(...args);
  const refusal: AffiliateFixture['refusal'] = (...args) => fixture.refusal(...args);
  const counts = async () => {
    const db = context.database.db;
    const [[leads], [failed]] = await Promise.all([db.select({ n: count() }).from(tables.leads), db.select({ n: count() }).from(tables.failedLeads)]);
    return { leads: leads?.n, failed: failed?.n };
  };
  const lastLogged = async () => (await context.database.db.select().from(tables.requestLogs).orderBy(desc(tables.requestLogs.id)).limit(1))[0];
  const lastFailed = async () => (await context.database.db.select().from(tables.failedLeads).orderBy(desc(tables.failedLeads.id)).limit(1))[0];

  before(async () => {
    context = await createTestContext();
    fixture = await affiliateFixture(context, 'Intake Affiliates');
    ({ companyId, sourceId, key, keyId } = fixture);
  });
  after(() => context.close());

  test('an accepted lead: 201, normalized, with the key’s company and source, click and sub ids; the key’s use recorded', async () => {
    const address = email();
    const response = await post({
      first_name: ' Jane ',
      last_name: 'Doe',
      email: address.toUpperCase(),
      phone: '030 1234567',
      country: 'de',
      language: 'de',
      ip: '203.0.113.7',
      funnel: 'f1',
      comment: 'hi',
      click_id: 'c-1',
      sub1: 's1',
      sub5: 's5',
      password: 'hunter2',
    });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json() as { status: string; lead_id: string; received_at: string };
    assert.equal(body.status, 'accepted');
    assert.ok(!Number.isNaN(Date.parse(body.received_at)));
    const [lead] = await context.database.db.select().from(tables.leads).where(eq(tables.leads.lead_id, body.lead_id));
    assert.deepEqual(
      [
        lead?.name,
        lead?.surname,
        lead?.email,
        lead?.phone_normalized,
        lead?.country,
        lead?.affiliate_company_id,
        lead?.source_id,
        lead?.click_id,
        lead?.sub1,
        lead?.sub2,
        lead?.sub5,
        lead?.ip,
      ],
      ['Jane', 'Doe', address, '+49301234567', 'DE', companyId, sourceId, 'c-1', 's1', null, 's5', '203.0.113.7'],
    );
    // The profile shows where it came from: the click and sub ids.
    const profile = (await admin('GET', `/lead/${lead?.id}`)).json() as { data: Record<string, unknown> };
    assert.deepEqual([profile.data['click_id'], profile.data['sub1'], profile.data['sub2'], profile.data['sub5']], ['c-1', 's1', null, 's5']);
    const [used] = await context.database.db.select().from(tables.affiliateApiKeys).where(eq(tables.affiliateApiKeys.id, keyId));
    assert.ok(used?.last_used_at && Date.now() - used.last_used_at.getTime() < 60_000);
    assert.equal(used?.last_used_ip, '127.0.0.1');
    const [queued] = await context.database.db
      .select()
      .from(tables.leadDistributions)
      .where(eq(tables.leadDistributions.lead_id, lead?.id ?? 0));
    // No rule is enabled here, so the intake settled its distribution itself (distribution-intake.test.ts queues one).
    assert.deepEqual([queued?.state, queued?.reason_code], ['unassigned', 'NO_RULE'], 'settled with the lead: no rule is enabled');

    const logged = await lastLogged();
    assert.deepEqual([logged?.direction, logged?.method, logged?.url, logged?.status, logged?.lead_id], ['inbound', 'POST', '/api/v1/leads', 201, lead?.id]);
    const headers = logged?.request_headers as Record<string, string>;
    assert.equal(headers['x-api-key'], '[REDACTED]');
    assert.ok(!JSON.stringify(logged).includes(key), 'the key is nowhere in the log');
    assert.ok(!JSON.stringify(logged).includes('hunter2'), 'the password is not logged');
  });

  test('INVALID: 422 with per-field errors under the public names; bad values are kept as a failed lead', async () => {
    const before = await counts();
    const tooLong = refusal(await post({ first_name: 'x'.repeat(300), email: 'not-an-email', unknown: 1 }), 422, 'INVALID');
    assert.ok(tooLong.errors?.['first_name'], tooLong.message);
    assert.ok(tooLong.errors?.['email']);
    assert.ok(tooLong.errors?.['unknown']);
    refusal(await post({ email: 42, sub1: ['x'] }), 422, 'INVALID');
    assert.deepEqual(await counts(), before, 'a body of the wrong shape (an unknown field, a number or a list for a text) writes nothing');

    // Bad values the body's schema refuses are kept as the intake's are (a bad phone, below): every refusal is seen.
    const badEmail = refusal(await post({ first_name: 'Eve', email: 'eve-at-example.org', country: 'DE' }), 422, 'INVALID');
    let failed = await lastFailed();
    assert.deepEqual([failed?.reason_code, failed?.message, failed?.affiliate_company_id, failed?.source_id], ['INVALID', badEmail.message, companyId, sourceId]);
    assert.deepEqual(failed?.raw, { name: 'Eve', email: 'eve-at-example.org', country: 'DE', source_id: sourceId, affiliate_company_id: companyId }, 'in the lead form');
    refusal(await post({ first_name: 'No contact' }), 422, 'INVALID');
    assert.equal((await lastFailed())?.message, 'A lead needs an email or a phone.');
    assert.equal((await counts()).failed, (before.failed ?? 0) + 2);

    const badPhone = refusal(await post({ first_name: 'Bad', phone: '12', country: 'DE' }), 422, 'INVALID');
    assert.ok(badPhone.errors?.['phone'], JSON.stringify(badPhone));
    failed = await lastFailed();
    assert.deepEqual([failed?.reason_code, failed?.affiliate_company_id, failed?.source_id], ['INVALID', companyId, sourceId]);
    assert.equal((failed?.raw as Record<string, unknown>)['name'], 'Bad', 'kept in the lead form, so a retry reads it');
    assert.equal((await counts()).leads, before.leads);
  });

  test('DUPLICATE: 409 naming the field, not the lead; kept as a failed lead', async () => {
    const address = email();
    assert.equal((await post({ email: address })).statusCode, 201);
    const duplicate = refusal(await post({ email: address, first_name: 'Again' }), 409, 'DUPLICATE');
    assert.deepEqual(duplicate.errors, { email: ['A lead with this email already exists.'] });
    assert.ok(!/L\d{10}/.test(JSON.stringify(duplicate)), 'the existing lead is not named');
    const failed = await lastFailed();
    assert.deepEqual([failed?.reason_code, failed?.affiliate_company_id, failed?.source_id], ['DUPLICATE', companyId, sourceId]);
    const [leadsQueued] = await context.database.db.select({ n: count() }).from(tables.leadDistributions);
    assert.equal(leadsQueued?.n, (await counts()).leads, 'only accepted leads are queued, each once');
  });

  test('BLACKLISTED: 422 that does not say which entry; kept as a failed lead', async () => {
    const blocked = await admin('POST', '/lead/black_list', { type: 'email_domain', value: 'blocked-affiliate.example' });
    assert.equal(blocked.statusCode, 201, blocked.body);
    const refused = refusal(await post({ email: 'someone@blocked-affiliate.example' }), 422, 'BLACKLISTED');
    assert.deepEqual(refused, { status: 'refused', reason: 'BLACKLISTED', message: 'The lead was refused.' });
    const failed = await lastFailed();
    assert.deepEqual([failed?.reason_code, failed?.affiliate_company_id], ['BLACKLISTED', companyId]);
  });

  test('KEY_INVALID: 401 for a missing, unknown, inactive or expired key, before the body is read; nothing written', async () => {
    const inactive = await issue({ is_active: false });
    const expired = await issue({ expires_at: '2020-01-01T00:00:00Z' });
    const before = await counts();
    const attempts: Record<string, string>[] = [
      {},
      { 'x-api-key': '' },
      { 'x-api-key': 'crm_unknown' },
      { 'x-api-key': `crm_${'A'.repeat(43)}` },
      { 'x-api-key': inactive.key },
      { 'x-api-key': expired.key },
    ];
    for (const headers of attempts) {
      refusal(await post({ not: 'even looked at' }, headers), 401, 'KEY_INVALID');
      const logged = await lastLogged();
      assert.equal(logged?.status, 401, 'a refusal is logged too');
    }
    refusal(await post('{not json', { 'x-api-key': 'nope', 'content-type': 'application/json' }), 401, 'KEY_INVALID');
    assert.deepEqual(await counts(), before);
  });

  test('IP_NOT_ALLOWED: 403 outside the key’s IPv4, IPv6 and CIDR list; any address when the list is empty', async () => {
    const limited = await issue({ allowed_ips: ['198.51.100.7', '10.20.0.0/16', '2001:db8:abcd::/48'] });
    const headers = { 'x-api-key': limited.key };
    for (const allowed of ['198.51.100.7', '10.20.255.1', '::ffff:10.20.1.1', '2001:db8:abcd:1::5']) {
      assert.equal((await post({ email: email() }, headers, allowed)).statusCode, 201, allowed);
    }
    for (const refused of ['198.51.100.8', '10.21.0.1', '2001:db8:abce::1', '127.0.0.1']) {
      refusal(await post({ email: email() }, headers, refused), 403, 'IP_NOT_ALLOWED');
    }
    assert.equal((await post({ email: email() }, { 'x-api-key': key }, '2001:db8::99')).statusCode, 201, 'an empty list allows any address');
  });

  test('hostile bodies: not JSON, too large, not an object, another content type: 4xx refusals, nothing written; a NUL kept as a bad value', async () => {
    const before = await counts();
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    const notJson = refusal(await post('{"email": ', headers), 400, 'INVALID');
    assert.match(notJson.message, /JSON/);
    refusal(await post('', headers), 400, 'INVALID');
    const large = refusal(await post(JSON.stringify({ comment: 'x'.repeat(20_000), email: email() }), headers), 413, 'INVALID');
    assert.match(large.message, /larger/);
    refusal(await post('[1,2]', headers), 422, 'INVALID');
    refusal(await post('null', headers), 422, 'INVALID');
    refusal(await post('email=a@b.c', { 'x-api-key': key, 'content-type': 'application/x-www-form-urlencoded' }), 415, 'INVALID');
    // Prototype poisoning is refused by the JSON parser itself.
    const poisoned = refusal(await post(`{"email":"${email()}","__proto__":{"polluted":true}}`, headers), 400, 'INVALID');
    assert.match(poisoned.message, /__proto__/, 'the answer says why valid JSON was refused');
    refusal(await post({ email: email(), constructor: 'x' }), 422, 'INVALID');
    assert.deepEqual(await counts(), before);
    // A NUL in a text is a bad value: kept as a failed lead (jsonb cannot hold it: stored without it), no lead.
    refusal(await post({ email: 'a\u0000b@example.com' }), 422, 'INVALID');
    assert.deepEqual(await counts(), { leads: before.leads, failed: (before.failed ?? 0) + 1 });
    assert.equal(((await lastFailed())?.raw as Record<string, unknown>)['email'], 'ab@example.com');
  });

  test('its own OpenAPI document lists only the public operation; the console document does not list it', async () => {
    const v1 = await context.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    assert.equal(v1.statusCode, 200, v1.body);
    const document = v1.json() as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    // Other /api/v1 operations (the pull: affiliate-pull.test.ts) share the document; none of the console's.
    assert.ok(
      Object.keys(document.paths).every((path) => path.startsWith('/api/v1/leads')),
      Object.keys(document.paths).join(),
    );
    assert.ok(document.paths['/api/v1/leads']?.['post']);
    assert.ok(document.components.securitySchemes['apiKey']);
    assert.match(JSON.stringify(document), /jane\.doe@example\.com/, 'an example request');
    assert.match(JSON.stringify(document), /L0123456789/, 'an example answer');
    const ui = await context.app.inject({ method: 'GET', url: '/api/v1/docs' });
    assert.ok(ui.statusCode < 400, `the UI is served (${ui.statusCode})`);

    const internal = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    const internalPaths = Object.keys((internal.json() as { paths: Record<string, unknown> }).paths);
    assert.ok(!internalPaths.some((path) => path.startsWith('/api/v1')), 'the console document is unchanged');
    assert.ok(internalPaths.includes('/api/settings/affiliate/company/{id}/api-key'), 'the key routes are console routes');
  });
});
