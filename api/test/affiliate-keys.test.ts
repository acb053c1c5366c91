/**
 * Affiliate API keys, console side: issued once and stored as a hash, edited, revoked and rotated with a grace period,
 * each operation behind its permission.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { hashApiKey } from '../src/modules/affiliates/keys.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

type Issued = { id: number; key: string; key_prefix: string; revoked_at: string | null; allowed_ips: string[]; rate_limit_per_minute: number; source_id: number; name: string };

describe('affiliate API keys', () => {
  let context: TestContext;
  let companyId: number;
  let sourceId: number;
  let otherSourceId: number;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, token = context.adminToken) =>
    context.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload }) });
  const create = async (payload: Record<string, unknown>) => {
    const response = await call('POST', `/settings/affiliate/company/${companyId}/api-key`, payload);
    assert.equal(response.statusCode, 201, response.body);
    return (response.json() as { data: Issued }).data;
  };
  const postLead = (key: string) =>
    context.app.inject({ method: 'POST', url: '/api/v1/leads', headers: { 'x-api-key': key }, payload: { email: `k${Math.random().toString(36).slice(2)}@example.com` } });

  before(async () => {
    context = await createTestContext();
    const company = await call('POST', '/settings/affiliate/company', { name: 'Keys Affiliates' });
    companyId = (company.json() as { data: { id: number } }).data.id;
    const source = await call('POST', '/settings/source', { name: 'Keys source', affiliate_company_id: companyId });
    sourceId = (source.json() as { data: { id: number } }).data.id;
    const other = await call('POST', '/settings/source', { name: 'Keys other source' });
    otherSourceId = (other.json() as { data: { id: number } }).data.id;
  });
  after(() => context.close());

  test('create answers the key once; only its hash and prefix are stored; the list never shows it', async () => {
    const issued = await create({ name: 'Main', source_id: sourceId, allowed_ips: ['10.1.2.3/8', '2001:DB8::1'] });
    assert.match(issued.key, /^crm_[A-Za-z0-9_-]{43}$/);
    assert.equal(issued.key_prefix, issued.key.slice(0, 12));
    assert.deepEqual(issued.allowed_ips, ['10.0.0.0/8', '2001:db8::1'], 'addresses stored canonically');
    assert.equal(issued.rate_limit_per_minute, 600);
    const [row] = await context.database.db.select().from(tables.affiliateApiKeys).where(eq(tables.affiliateApiKeys.id, issued.id));
    assert.equal(row?.key_hash, hashApiKey(issued.key));
    assert.ok(!JSON.stringify(row).includes(issued.key), 'the key itself is not stored');

    const list = await call('GET', `/settings/affiliate/company/${companyId}/api-key`);
    assert.equal(list.statusCode, 200, list.body);
    const listed = (list.json() as { data: Record<string, unknown>[] }).data;
    assert.ok(listed.some((key) => key['id'] === issued.id));
    assert.ok(!list.body.includes(issued.key) && !list.body.includes('key_hash'), 'neither the key nor its hash is listed');
  });

  test('create refuses an unknown source, a bad address and an unknown company', async () => {
    const badSource = await call('POST', `/settings/affiliate/company/${companyId}/api-key`, { name: 'X', source_id: 999_999 });
    assert.equal(badSource.statusCode, 422, badSource.body);
    assert.ok((badSource.json() as { errors: Record<string, unknown> }).errors['source_id']);
    const badIp = await call('POST', `/settings/affiliate/company/${companyId}/api-key`, { name: 'X', source_id: sourceId, allowed_ips: ['10.0.0.300'] });
    assert.equal(badIp.statusCode, 422, badIp.body);
    // An unknown field named like an Object.prototype member is a 422 like any other (it was a 500).
    const prototypeName = await call('POST', `/settings/affiliate/company/${companyId}/api-key`, { name: 'X', source_id: sourceId, constructor: 1, toString: 2 });
    assert.equal(prototypeName.statusCode, 422, prototypeName.body);
    assert.deepEqual(Object.keys((prototypeName.json() as { errors: Record<string, unknown> }).errors), ['constructor']);
    const noSource = await call('POST', `/settings/affiliate/company/${companyId}/api-key`, { name: 'X' });
    assert.equal(noSource.statusCode, 422, 'the source is required');
    const noCompany = await call('POST', '/settings/affiliate/company/999999/api-key', { name: 'X', source_id: sourceId });
    assert.equal(noCompany.statusCode, 404, noCompany.body);
  });

  test('update changes name, source, addresses, rate, active flag and expiry', async () => {
    const issued = await create({ name: 'Editable', source_id: sourceId });
    const response = await call('PUT', `/settings/affiliate/api-key/${issued.id}`, {
      name: 'Edited',
      source_id: otherSourceId,
      allowed_ips: ['192.168.1.7/24'],
      rate_limit_per_minute: 60,
      is_active: false,
      expires_at: '2030-01-01T00:00:00Z',
    });
    assert.equal(response.statusCode, 200, response.body);
    const data = (response.json() as { data: Issued & { is_active: boolean; expires_at: string } }).data;
    assert.deepEqual(
      [data.name, data.source_id, data.allowed_ips, data.rate_limit_per_minute, data.is_active, data.expires_at],
      ['Edited', otherSourceId, ['192.168.1.0/24'], 60, false, '2030-01-01T00:00:00.000Z'],
    );
    assert.equal((await postLead(issued.key)).statusCode, 401, 'an inactive key is refused');
    const empty = await call('PUT', `/settings/affiliate/api-key/${issued.id}`, {});
    assert.equal(empty.statusCode, 422);
    const missing = await call('PUT', '/settings/affiliate/api-key/999999', { name: 'Nobody' });
    assert.equal(missing.statusCode, 404);
  });

  test('revoke stops a key at once', async () => {
    const issued = await create({ name: 'Revoked', source_id: sourceId });
    assert.equal((await postLead(issued.key)).statusCode, 201);
    const response = await call('POST', `/settings/affiliate/api-key/${issued.id}/revoke`);
    assert.equal(response.statusCode, 200, response.body);
    assert.ok((response.json() as { data: Issued }).data.revoked_at);
    assert.equal((await postLead(issued.key)).statusCode, 401);
    const rotateRevoked = await call('POST', `/settings/affiliate/api-key/${issued.id}/rotate`);
    assert.equal(rotateRevoked.statusCode, 409, 'a revoked key is not rotated');
  });

  test('rotate gives a new key; the old one works for the grace period (24 h by default), then stops', async () => {
    const issued = await create({ name: 'Rotated', source_id: sourceId, allowed_ips: ['127.0.0.1'], rate_limit_per_minute: 30 });
    const response = await call('POST', `/settings/affiliate/api-key/${issued.id}/rotate`);
    assert.equal(response.statusCode, 201, response.body);
    const fresh = (response.json() as { data: Issued }).data;
    assert.notEqual(fresh.key, issued.key);
    assert.deepEqual([fresh.name, fresh.source_id, fresh.allowed_ips, fresh.rate_limit_per_minute], ['Rotated', sourceId, ['127.0.0.1'], 30], 'settings carried over');
    const [old] = await context.database.db.select().from(tables.affiliateApiKeys).where(eq(tables.affiliateApiKeys.id, issued.id));
    const hoursLeft = ((old?.revoked_at?.getTime() ?? 0) - Date.now()) / 3_600_000;
    assert.ok(hoursLeft > 23.9 && hoursLeft <= 24, `grace ends in 24 h (${hoursLeft})`);
    assert.equal((await postLead(issued.key)).statusCode, 201, 'the old key works during the grace period');
    assert.equal((await postLead(fresh.key)).statusCode, 201, 'the new key works');

    // The grace period over: the old key is refused, the new one still works.
    await context.database.db
      .update(tables.affiliateApiKeys)
      .set({ revoked_at: new Date(Date.now() - 1000) })
      .where(eq(tables.affiliateApiKeys.id, issued.id));
    assert.equal((await postLead(issued.key)).statusCode, 401);
    assert.equal((await postLead(fresh.key)).statusCode, 201);

    const immediate = await call('POST', `/settings/affiliate/api-key/${fresh.id}/rotate`, { grace_hours: 0 });
    assert.equal(immediate.statusCode, 201, immediate.body);
    assert.equal((await postLead(fresh.key)).statusCode, 401, 'grace_hours 0 ends the old key at once');
  });

  test('every operation needs its permission', async () => {
    const issued = await create({ name: 'Guarded', source_id: sourceId });
    const nobody = await context.userWith([]);
    const viewer = await context.userWith(['settings.affiliateKey.view']);
    const attempts = [
      ['GET', `/settings/affiliate/company/${companyId}/api-key`, undefined, 'settings.affiliateKey.view'],
      ['POST', `/settings/affiliate/company/${companyId}/api-key`, { name: 'N', source_id: sourceId }, 'settings.affiliateKey.create'],
      ['PUT', `/settings/affiliate/api-key/${issued.id}`, { name: 'N' }, 'settings.affiliateKey.update'],
      ['POST', `/settings/affiliate/api-key/${issued.id}/revoke`, undefined, 'settings.affiliateKey.delete'],
      ['POST', `/settings/affiliate/api-key/${issued.id}/rotate`, undefined, 'settings.affiliateKey.create'],
    ] as const;
    for (const [method, url, payload, permission] of attempts) {
      assert.equal((await call(method, url, payload, nobody.token)).statusCode, 403, `${method} ${url} without ${permission}`);
      if (permission !== 'settings.affiliateKey.view') assert.equal((await call(method, url, payload, viewer.token)).statusCode, 403, `${method} ${url} with view only`);
    }
    assert.equal((await call('GET', `/settings/affiliate/company/${companyId}/api-key`, undefined, viewer.token)).statusCode, 200);
    const anonymous = await context.app.inject({ method: 'GET', url: `/api/settings/affiliate/company/${companyId}/api-key` });
    assert.equal(anonymous.statusCode, 401);
  });
});
