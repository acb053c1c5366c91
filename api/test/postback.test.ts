/**
 * The broker postback as a stranger meets it: ids that are not ids, the key and the address checked before the body,
 * no answer that tells a right key from a wrong one, every refusal logged, no SQL in any answer, and a rate limit.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { desc } from 'drizzle-orm';
import * as tables from '../src/db/schema/index.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

const pushKey = 'push-key-postback-test';
const rateLimit = 40;

describe('broker postback, attacked', () => {
  let context: TestContext;
  let integrationId: number;
  let allowListed: number;

  async function integration(fields: Record<string, unknown>): Promise<number> {
    const made = await context.app.inject({
      method: 'POST',
      url: '/api/send/integration',
      headers: bearer(context.adminToken),
      payload: { name: `Postback ${fields['name'] ?? ''}`, site_url: 'http://127.0.0.1:9/leads', push_api_key: pushKey, ...fields },
    });
    assert.equal(made.statusCode, 201, made.body);
    return (made.json() as { data: { id: number } }).data.id;
  }

  before(async () => {
    context = await createTestContext({ postbackRateLimit: rateLimit });
    integrationId = await integration({ name: 'open' });
    allowListed = await integration({ name: 'listed', allowed_ips: ['10.9.0.0/16'] });
  });
  after(() => context.close());

  const post = (path: string, payload: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    context.app.inject({ method: 'POST', url: `/api/send/integration/${path}`, payload: payload as Record<string, unknown>, remoteAddress, headers });
  const lastLogged = async () => (await context.database.db.select().from(tables.requestLogs).orderBy(desc(tables.requestLogs.id)).limit(1))[0];

  test('an id that is not one is an unknown integration: 401, no SQL, and the attempt is logged', async () => {
    for (const id of ['abc', '1.5', '2147483648', '%00', '0x10', '%2016', '1e3']) {
      const response = await post(`${id}/postback?key=${pushKey}`, { api_lead_id: 'x' });
      assert.equal(response.statusCode, 401, `${id}: ${response.body}`);
      assert.deepEqual(response.json(), { message: 'The postback key is not valid.' }, id);
      const logged = await lastLogged();
      assert.equal(logged?.status, 401, `${id} is logged`);
      assert.equal(logged?.send_integration_id, null);
      assert.ok(logged?.url.includes('/postback'), logged?.url);
    }
  });

  test('the key is checked before the body: a caller without it learns nothing of the body rules', async () => {
    const noKey = await post(`${integrationId}/postback`, { unknown_field: '\u0000' });
    assert.deepEqual([noKey.statusCode, noKey.json()], [401, { message: 'The postback key is not valid.' }]);
    const wrongKey = await post(`${integrationId}/postback?key=wrong`, { status: 'Deposit' });
    assert.deepEqual([wrongKey.statusCode, wrongKey.json()], [401, { message: 'The postback key is not valid.' }]);
    const rightKey = await post(`${integrationId}/postback?key=${pushKey}`, { status: 'Deposit' });
    assert.equal(rightKey.statusCode, 422, 'with the key, the body is read');
    const byHeader = await post(`${integrationId}/postback`, { status: 'Deposit' }, '127.0.0.1', { 'x-api-key': pushKey });
    assert.equal(byHeader.statusCode, 422);
  });

  test('from an address not allowed, a right key and a wrong one get the same answer', async () => {
    const right = await post(`${allowListed}/postback?key=${pushKey}`, { api_lead_id: 'x' }, '192.0.2.7');
    const wrong = await post(`${allowListed}/postback?key=wrong`, { api_lead_id: 'x' }, '192.0.2.7');
    assert.deepEqual([right.statusCode, right.body], [wrong.statusCode, wrong.body]);
    assert.equal(right.statusCode, 403);
    const allowed = await post(`${allowListed}/postback?key=${pushKey}`, { api_lead_id: 'x' }, '10.9.1.1');
    assert.equal(allowed.statusCode, 404, 'from the listed range, the key opens it');
  });

  test('a body with NUL characters is refused and still logged', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/send/integration/${integrationId}/postback?key=${pushKey}`,
      headers: { 'content-type': 'text/plain' },
      payload: 'api_lead_id=\u0000',
    });
    assert.ok(response.statusCode >= 400 && response.statusCode < 500, response.body);
    assert.doesNotMatch(response.body, /Failed query|insert into|params:/i);
    const logged = await lastLogged();
    assert.equal(logged?.status, response.statusCode);
    assert.equal(logged?.send_integration_id, integrationId);
  });

  test('one address is limited across integrations; the limit is not logged', async () => {
    const address = '198.51.100.4';
    const before = (await context.database.db.select().from(tables.requestLogs)).length;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < rateLimit + 2; attempt += 1) {
      statuses.push((await post(`${attempt % 2 ? integrationId : allowListed}/postback?key=guess-${attempt}`, {}, address)).statusCode);
    }
    assert.equal(statuses.filter((status) => status === 429).length, 2, statuses.join(','));
    assert.deepEqual(statuses.slice(-2), [429, 429]);
    const after = (await context.database.db.select().from(tables.requestLogs)).length;
    assert.equal(after - before, rateLimit);
    const other = await post(`${integrationId}/postback?key=${pushKey}`, { api_lead_id: 'x' }, '198.51.100.5');
    assert.equal(other.statusCode, 404, 'another address is not limited');
  });
});
