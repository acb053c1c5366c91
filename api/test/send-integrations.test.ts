import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { dataOf, integrationItem, paginated } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import { loadIntegrationConfig, storeAccessToken } from '../src/modules/sending/integrations/resource.ts';
import { bearer, createTestContext, tableFingerprint, testSecrets, type TestContext } from './helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const written = z.object({ message: z.string(), data: integrationItem });
const errorsOf = (body: unknown): Record<string, string[]> => z.object({ errors: z.record(z.string(), z.array(z.string())) }).parse(body).errors;

const basicIntegration = {
  name: 'Trackbox EU',
  site_url: 'https://trackbox.example/api/signup/procform',
  auth_type: 'basic',
  username: 'affiliate7',
  password: 'very-secret-password',
  api_key: 'api-key-123456',
  push_api_key: 'push-key-abcdef',
  response_type: 'json_path_equals',
  response_content: { success_path: 'status', success_value: 'true', autologin_path: 'data' },
  allowed_ips: ['203.0.113.0/24', '203.0.113.9/24', '2001:DB8::/32'],
  gmt_timezone: 'Europe/Berlin',
  middleware: 'trackbox',
};

describe('send integrations', () => {
  let context: TestContext;
  let integrationId: number;

  before(async () => {
    context = await createTestContext();
  });
  after(() => context.close());

  async function call(method: Method, url: string, payload?: Record<string, unknown>, token = context.adminToken) {
    return context.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  }

  async function storedRow(id: number) {
    const [row] = await context.database.db.select().from(tables.sendIntegrations).where(eq(tables.sendIntegrations.id, id));
    if (!row) throw new Error(`integration ${id} is not stored`);
    return row;
  }

  async function create(body: Record<string, unknown>) {
    const response = await call('POST', '/send/integration', body);
    assert.equal(response.statusCode, 201, response.body);
    return written.parse(response.json()).data;
  }

  test('create seals the secrets at rest and shows them masked', async () => {
    const response = await call('POST', '/send/integration', basicIntegration);
    assert.equal(response.statusCode, 201, response.body);
    for (const plain of ['very-secret-password', 'api-key-123456', 'push-key-abcdef']) assert.equal(response.body.includes(plain), false, `${plain} is never returned`);
    const { message, data } = written.parse(response.json());
    integrationId = data.id;
    assert.equal(message, 'Send integration successfully created');
    assert.equal(data.password, '••••rd');
    assert.equal(data.api_key, '••••56');
    assert.equal(data.push_api_key, '••••ef');
    assert.equal(data.api_token, null);
    assert.deepEqual(data.allowed_ips, ['203.0.113.0/24', '2001:db8::/32'], 'canonical and without repeats');
    assert.deepEqual(data.response_content, basicIntegration.response_content);
    assert.equal(data.postback_url, `/api/send/integration/${data.id}/postback`);
    assert.deepEqual(data.departments, []);
    assert.equal(data.last_pulled_at, null);
    assert.equal(data.phone_format, 'e164');
    assert.equal(data.concurrency, 10);
    assert.equal(data.timeout_seconds, 15, 'the broker call timeout defaults to 15 s');

    const row = await storedRow(data.id);
    assert.match(row.password ?? '', /^v1:/, 'the column holds ciphertext');
    assert.notEqual(row.password, 'very-secret-password');
    assert.equal(testSecrets.open(row.password ?? ''), 'very-secret-password', 'it opens with the app key');
    assert.equal(testSecrets.open(row.push_api_key ?? ''), 'push-key-abcdef');

    const shown = dataOf(integrationItem).parse((await call('GET', `/send/integration/${data.id}`)).json()).data;
    assert.equal(shown.password, '••••rd', 'one item is masked');
    const listed = await call('GET', '/send/integration');
    assert.equal(listed.body.includes('very-secret-password'), false, 'the list never holds a secret');
  });

  test('the broker call timeout is 1 to 60 seconds, kept per integration and handed to the engine', async () => {
    for (const timeout_seconds of [0, 61, 1.5]) {
      const refused = await call('PUT', `/send/integration/${integrationId}`, { timeout_seconds });
      assert.equal(refused.statusCode, 422, `${timeout_seconds}: ${refused.body}`);
      assert.ok(errorsOf(refused.json())['timeout_seconds'], `${timeout_seconds} is refused under its field`);
    }
    const set = written.parse((await call('PUT', `/send/integration/${integrationId}`, { timeout_seconds: 42 })).json()).data;
    assert.equal(set.timeout_seconds, 42);
    assert.equal((await loadIntegrationConfig(context.database.db, testSecrets, integrationId))?.timeout_seconds, 42);
  });

  test('a write that omits a secret keeps it; null or empty clears it; text replaces it', async () => {
    const before = await storedRow(integrationId);
    const renamed = await call('PUT', `/send/integration/${integrationId}`, { tag: 'eu' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(written.parse(renamed.json()).message, 'Send integration successfully updated');
    assert.equal((await storedRow(integrationId)).password, before.password, 'omitted: the same ciphertext');

    const cleared = written.parse((await call('PUT', `/send/integration/${integrationId}`, { api_key: null, push_api_key: '' })).json()).data;
    assert.equal(cleared.api_key, null);
    assert.equal(cleared.push_api_key, null);
    const row = await storedRow(integrationId);
    assert.equal(row.api_key, null);
    assert.equal(row.push_api_key, null);

    const replaced = written.parse((await call('PUT', `/send/integration/${integrationId}`, { password: 'another-password-99' })).json()).data;
    assert.equal(replaced.password, '••••99');
    assert.equal(testSecrets.open((await storedRow(integrationId)).password ?? ''), 'another-password-99');
    const short = written.parse((await call('PUT', `/send/integration/${integrationId}`, { lead_password: 'Ab1' })).json()).data;
    assert.equal(short.lead_password, '••••', 'a short secret shows no character');
  });

  test('the engine gets the secrets opened; a token exchange token is kept sealed until a login change', async () => {
    const loaded = await loadIntegrationConfig(context.database.db, testSecrets, integrationId);
    assert.equal(loaded?.password, 'another-password-99');
    assert.equal(loaded?.api_key, null);
    assert.equal(loaded?.middleware, 'trackbox');
    assert.deepEqual(loaded?.response_content, basicIntegration.response_content);
    assert.equal(await loadIntegrationConfig(context.database.db, testSecrets, 999_999), null);

    const expiresAt = new Date('2030-01-01T00:00:00Z');
    const updatedBefore = (await storedRow(integrationId)).updated_at;
    await storeAccessToken(context.database.db, testSecrets, integrationId, 'fresh-access-token', expiresAt);
    const row = await storedRow(integrationId);
    assert.match(row.access_token ?? '', /^v1:/);
    assert.deepEqual(row.updated_at, updatedBefore, 'a cached token is not an edit');
    const withToken = await loadIntegrationConfig(context.database.db, testSecrets, integrationId);
    assert.equal(withToken?.access_token, 'fresh-access-token');
    assert.deepEqual(withToken?.access_token_expires_at, expiresAt);
    assert.equal(dataOf(integrationItem).parse((await call('GET', `/send/integration/${integrationId}`)).json()).data.access_token, '••••en');

    await call('PUT', `/send/integration/${integrationId}`, { username: 'affiliate8' });
    const afterLogin = await loadIntegrationConfig(context.database.db, testSecrets, integrationId);
    assert.equal(afterLogin?.access_token, null, 'a changed login forgets the cached token');
    assert.equal(afterLogin?.access_token_expires_at, null);
  });

  test('a secret that cannot be opened shows as dots and reaches the engine as unset', async () => {
    const integration = await create({ name: 'Broken key', site_url: 'https://broken.example', pull_api_key: 'pull-key-123' });
    await context.database.db.update(tables.sendIntegrations).set({ pull_api_key: 'v1:sealed-with-another-key' }).where(eq(tables.sendIntegrations.id, integration.id));
    const shown = dataOf(integrationItem).parse((await call('GET', `/send/integration/${integration.id}`)).json()).data;
    assert.equal(shown.pull_api_key, '••••');
    assert.equal((await loadIntegrationConfig(context.database.db, testSecrets, integration.id))?.pull_api_key, null);
  });

  test('the auth and response rules, on the row the write would leave: 422 under each field', async () => {
    const fingerprint = await tableFingerprint(context.database);
    const base = { site_url: 'https://rules.example' };
    const cases: { body: Record<string, unknown>; fields: string[] }[] = [
      { body: { response_type: 'json_path_equals', response_content: { success_path: 'ok' } }, fields: ['response_content.success_value'] },
      { body: { response_type: 'json_path_equals' }, fields: ['response_content.success_path', 'response_content.success_value'] },
      { body: { response_type: 'body_contains', response_content: { lead_id_path: 'id' } }, fields: ['response_content.body_contains'] },
      { body: { auth_type: 'token_exchange', password: 'x' }, fields: ['token_url', 'username'] },
      { body: { auth_type: 'token_exchange' }, fields: ['password', 'token_url', 'username'] },
      { body: { auth_type: 'basic', username: 'someone', password: '' }, fields: ['password'] },
      { body: { auth_type: 'bearer', api_key: 'wrong-one' }, fields: ['api_token'] },
      { body: { auth_type: 'query_token' }, fields: ['api_token'] },
      { body: { auth_type: 'header_key', api_token: 'wrong-one' }, fields: ['api_key'] },
      { body: { gmt_timezone: 'Mars/Olympus_Mons' }, fields: ['gmt_timezone'] },
      { body: { gmt_timezone: '+25:00' }, fields: ['gmt_timezone'] },
      { body: { allowed_ips: ['10.0.0.1', 'example.com'] }, fields: ['allowed_ips'] },
      { body: { response_content: { path: 'status' } }, fields: ['response_content.path'] },
      { body: { secret_sauce: 'x' }, fields: ['secret_sauce'] },
      { body: { middleware: 'unknown' }, fields: ['middleware'] },
      { body: { name: 'trackbox eu' }, fields: ['name'] },
    ];
    for (const [index, { body, fields }] of cases.entries()) {
      const response = await call('POST', '/send/integration', { name: `Rules ${index}`, ...base, ...body });
      assert.equal(response.statusCode, 422, `${JSON.stringify(body)}: ${response.body}`);
      assert.deepEqual(Object.keys(errorsOf(response.json())).sort(), fields, JSON.stringify(body));
    }
    assert.deepEqual(await tableFingerprint(context.database), fingerprint, 'rejected writes change nothing');

    for (const zone of ['UTC', 'Europe/Berlin', '+05:30', '-03:00']) {
      const response = await call('POST', '/send/integration', { name: `Zone ${zone}`, ...base, gmt_timezone: zone });
      assert.equal(response.statusCode, 201, `${zone}: ${response.body}`);
    }
    const tokenExchange = await create({ name: 'Token exchange', ...base, auth_type: 'token_exchange', token_url: 'https://rules.example/token', username: 'me', password: 'pw' });
    assert.equal(tokenExchange.auth_type, 'token_exchange');
  });

  test('an update is checked merged with the stored row', async () => {
    const clearNeeded = await call('PUT', `/send/integration/${integrationId}`, { password: null });
    assert.equal(clearNeeded.statusCode, 422, 'basic auth still needs its password');
    assert.deepEqual(Object.keys(errorsOf(clearNeeded.json())), ['password']);
    const switchWithout = await call('PUT', `/send/integration/${integrationId}`, { auth_type: 'header_key' });
    assert.deepEqual(Object.keys(errorsOf(switchWithout.json())), ['api_key'], 'the api key was cleared earlier');
    const switched = await call('PUT', `/send/integration/${integrationId}`, { auth_type: 'header_key', api_key: 'new-header-key' });
    assert.equal(switched.statusCode, 200, switched.body);
    const loosened = await call('PUT', `/send/integration/${integrationId}`, { response_content: { lead_id_path: 'id' } });
    assert.deepEqual(Object.keys(errorsOf(loosened.json())).sort(), ['response_content.success_path', 'response_content.success_value'], 'json_path_equals is still the type');
    const empty = await call('PUT', `/send/integration/${integrationId}`, {});
    assert.equal(empty.statusCode, 422, 'nothing to update');
  });

  test('departments sending through it are listed with their labels; deleting it detaches them', async () => {
    const db = context.database.db;
    const [company] = await db.insert(tables.affiliateCompanies).values({ name: 'Acme Affiliates' }).returning();
    const [broker] = await db.insert(tables.brokers).values({ name: 'Apex Markets' }).returning();
    await db.insert(tables.brokerAffiliateCompanies).values({ broker_id: broker!.id, affiliate_company_id: company!.id });
    const [plain] = await db.insert(tables.brokers).values({ name: 'Bare Broker' }).returning();
    const integration = await create({ name: 'Shared API', site_url: 'https://shared.example' });
    const departments = await db
      .insert(tables.brokerDepartments)
      .values([
        { broker_id: broker!.id, branch_name: 'DE Desk', send_integration_id: integration.id },
        { broker_id: plain!.id, branch_name: 'Main', send_integration_id: integration.id },
      ])
      .returning();
    const shown = dataOf(integrationItem).parse((await call('GET', `/send/integration/${integration.id}`)).json()).data;
    assert.deepEqual(shown.departments, [
      { id: departments[0]!.id, label: 'Apex Markets - Acme Affiliates - DE Desk' },
      { id: departments[1]!.id, label: 'Bare Broker - Main' },
    ]);

    const deleted = await call('DELETE', `/send/integration/${integration.id}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.deepEqual(deleted.json(), { message: 'Send integration successfully deleted' });
    const [department] = await db.select().from(tables.brokerDepartments).where(eq(tables.brokerDepartments.id, departments[0]!.id));
    assert.equal(department?.send_integration_id, null, 'the department stays, without an integration');
  });

  test('search by name or site, filter by middleware and active flag, sort by name', async () => {
    await create({ name: 'Elnopy LATAM', site_url: 'https://elnopy.example/api/v3/integration', middleware: 'elnopy', is_active: false });
    const list = async (query: string) =>
      paginated(integrationItem)
        .parse((await call('GET', `/send/integration?${query}`)).json())
        .data.map((row) => row.name);
    assert.deepEqual(await list('search=elnopy.example'), ['Elnopy LATAM'], 'by site URL');
    assert.deepEqual(await list('search=trackbox'), ['Trackbox EU']);
    assert.deepEqual(await list('middleware=trackbox'), ['Trackbox EU']);
    assert.deepEqual(await list('is_active=false'), ['Elnopy LATAM']);
    const sorted = await list('sort=name&direction=desc&per_page=2');
    assert.equal(sorted.length, 2);
    assert.equal(sorted[0], 'Zone UTC');
    assert.equal((await call('GET', '/send/integration?middleware=other')).statusCode, 422);
  });

  test('403 without the integration permission', async () => {
    const viewer = await context.userWith(['send.integration.view']);
    assert.equal((await call('GET', '/send/integration', undefined, viewer.token)).statusCode, 200);
    assert.equal((await call('POST', '/send/integration', { name: 'Nope', site_url: 'https://nope.example' }, viewer.token)).statusCode, 403);
    assert.equal((await call('PUT', `/send/integration/${integrationId}`, { tag: 'x' }, viewer.token)).statusCode, 403);
    assert.equal((await call('DELETE', `/send/integration/${integrationId}`, undefined, viewer.token)).statusCode, 403);
    const brokerViewer = await context.userWith(['broker.view', 'broker.department.view']);
    assert.equal((await call('GET', `/send/integration/${integrationId}`, undefined, brokerViewer.token)).statusCode, 403);
  });
});
