import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { capText, maxLoggedBodyBytes, redactBody, redactHeaders, redactUrl, redacted, truncatedMarker } from '../src/modules/requests/redact.ts';
import { pruneRequestLogs, recordRequest } from '../src/modules/requests/service.ts';
import { loadConfig } from '../src/config.ts';
import * as tables from '../src/db/schema/index.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

type Summary = {
  id: number;
  direction: string;
  method: string;
  url: string;
  status: number | null;
  duration_ms: number | null;
  send_integration_id: number | null;
  send_integration_name: string | null;
  lead_id: number | null;
  created_at: string;
};
type Page = { data: Summary[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
type Entry = Summary & { request_headers: Record<string, string> | null; request_body: string | null; response_body: string | null };

describe('request log redaction', () => {
  test('credential headers and headers named like a secret are redacted; others are kept', () => {
    const headers = redactHeaders({
      Authorization: 'Bearer abc',
      Cookie: 'session=1',
      'X-Api-Key': 'k1',
      'x-trackbox-password': 'p1',
      'X-Auth-Token': 't1',
      'X-Client-Secret': 's1',
      'Content-Type': 'application/json',
      Accept: ['text/html', 'application/json'],
      'X-Request-Id': 42,
    });
    assert.deepEqual(headers, {
      authorization: redacted,
      cookie: redacted,
      'x-api-key': redacted,
      'x-trackbox-password': redacted,
      'x-auth-token': redacted,
      'x-client-secret': redacted,
      'content-type': 'application/json',
      accept: 'text/html, application/json',
      'x-request-id': '42',
    });
  });

  test('JSON fields named like a secret are redacted at any depth', () => {
    const body = redactBody(JSON.stringify({ email: 'a@b.c', password: 'hunter2', nested: { api_token: 'x', list: [{ secretAnswer: 'y', name: 'n' }] }, apiKey: 'z' }));
    assert.deepEqual(JSON.parse(body ?? ''), { email: 'a@b.c', password: redacted, nested: { api_token: redacted, list: [{ secretAnswer: redacted, name: 'n' }] }, apiKey: redacted });
    assert.deepEqual(JSON.parse(redactBody({ access_token: 'x', ok: true }) ?? ''), { access_token: redacted, ok: true });
  });

  test('query fields in URLs and form bodies are redacted; plain text stays', () => {
    assert.equal(
      redactUrl('https://broker.test/api/leads?api_key=abc&page=2&Token=t#top'),
      `https://broker.test/api/leads?api_key=${encodeURIComponent(redacted)}&page=2&Token=${encodeURIComponent(redacted)}#top`,
    );
    assert.equal(redactUrl('https://broker.test/api/leads'), 'https://broker.test/api/leads');
    assert.equal(redactBody('username=ada&password=secret1'), `username=ada&password=${encodeURIComponent(redacted)}`);
    assert.equal(redactBody('plain text, no secrets'), 'plain text, no secrets');
    assert.equal(redactBody('{not json'), '{not json');
    assert.equal(redactBody(null), null);
  });

  test('bodies are capped at 64 KB on a character boundary', () => {
    assert.equal(capText('short'), 'short');
    const long = capText('é'.repeat(maxLoggedBodyBytes));
    assert.ok(long !== null && long.endsWith(truncatedMarker));
    assert.ok(Buffer.byteLength(long) <= maxLoggedBodyBytes);
    assert.ok(!long.includes('\uFFFD'));
  });
});

describe('/settings/request', () => {
  let context: TestContext;
  const ids: Record<string, number> = {};
  const call = (url: string, token = context.adminToken) => context.app.inject({ method: 'GET', url, headers: bearer(token) });
  const list = async (query: string) => {
    const response = await call(`/api/settings/request${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as Page;
  };
  const idsOf = (page: Page) => page.data.map((row) => row.id);
  /** Broker two's integration; the send's integration (7) has been deleted since. */
  let brokerTwo = 0;

  async function setCreatedAt(id: number, iso: string) {
    await context.database.pool.query('update request_logs set created_at = $1 where id = $2', [iso, id]);
  }

  before(async () => {
    context = await createTestContext();
    const db = context.database.db;
    const [integration] = await db.insert(tables.sendIntegrations).values({ name: 'Broker Two API', site_url: 'https://broker-two.test' }).returning();
    brokerTwo = integration!.id;
    ids['push'] = await recordRequest(db, {
      direction: 'inbound',
      method: 'post',
      url: '/api/postback?token=abc&lead=5',
      requestHeaders: { authorization: 'Bearer x', 'content-type': 'application/json' },
      requestBody: { lead_id: 5, password: 'p' },
      status: 200,
      responseBody: '{"ok":true}',
      durationMs: 12.4,
      leadId: 5,
    });
    ids['send'] = await recordRequest(db, {
      direction: 'outbound',
      method: 'POST',
      url: 'https://broker-one.test/api/v2/leads',
      requestHeaders: { 'x-api-key': 'secret-key', accept: 'application/json' },
      requestBody: 'x'.repeat(100_000),
      status: 422,
      responseBody: { errors: { email: ['taken'] } },
      durationMs: 340,
      sendIntegrationId: 7,
      leadId: 5,
    });
    ids['pull'] = await recordRequest(db, { direction: 'outbound', method: 'GET', url: 'https://broker-two.test/statuses', status: 500, durationMs: 1500, sendIntegrationId: brokerTwo });
    ids['timeout'] = await recordRequest(db, { direction: 'outbound', method: 'GET', url: 'https://broker-two.test/slow', sendIntegrationId: brokerTwo });
    await setCreatedAt(ids['push']!, '2024-03-01T10:00:00Z');
    await setCreatedAt(ids['send']!, '2024-03-02T10:00:00Z');
    await setCreatedAt(ids['pull']!, '2024-03-03T10:00:00Z');
    await setCreatedAt(ids['timeout']!, '2024-03-04T10:00:00Z');
  });
  after(() => context.close());

  test('the writer stores what it was given, without secrets and with capped bodies', async () => {
    const push = (await call(`/api/settings/request/${ids['push']}`)).json() as { data: Entry };
    assert.equal(push.data.method, 'POST');
    assert.equal(push.data.duration_ms, 12);
    assert.equal(push.data.url, `/api/postback?token=${encodeURIComponent(redacted)}&lead=5`);
    assert.deepEqual(push.data.request_headers, { authorization: redacted, 'content-type': 'application/json' });
    assert.deepEqual(JSON.parse(push.data.request_body ?? ''), { lead_id: 5, password: redacted });
    assert.equal(push.data.response_body, '{"ok":true}');
    const send = (await call(`/api/settings/request/${ids['send']}`)).json() as { data: Entry };
    assert.deepEqual(send.data.request_headers, { 'x-api-key': redacted, accept: 'application/json' });
    assert.ok(send.data.request_body!.endsWith(truncatedMarker) && Buffer.byteLength(send.data.request_body!) <= maxLoggedBodyBytes);
    assert.deepEqual(JSON.parse(send.data.response_body ?? ''), { errors: { email: ['taken'] } });
    assert.equal((await call('/api/settings/request/999999')).statusCode, 404);
  });

  test('each request names its integration as it is called now; a deleted one, or none, is null', async () => {
    const names = Object.fromEntries((await list('')).data.map((row) => [row.id, row.send_integration_name]));
    assert.deepEqual(names, { [ids['push']!]: null, [ids['send']!]: null, [ids['pull']!]: 'Broker Two API', [ids['timeout']!]: 'Broker Two API' });
    await context.database.pool.query('update send_integrations set name = $1 where id = $2', ['Broker Two v2', brokerTwo]);
    const pull = (await call(`/api/settings/request/${ids['pull']}`)).json() as { data: Entry };
    assert.equal(pull.data.send_integration_name, 'Broker Two v2');
    assert.equal(pull.data.send_integration_id, brokerTwo);
    await context.database.pool.query('update send_integrations set name = $1 where id = $2', ['Broker Two API', brokerTwo]);
  });

  test('the list is paginated, newest first by default, and sortable both ways on each key', async () => {
    const all = await list('');
    assert.deepEqual(idsOf(all), [ids['timeout'], ids['pull'], ids['send'], ids['push']]);
    assert.deepEqual(all.meta, { current_page: 1, per_page: 25, total: 4, last_page: 1 });
    assert.equal(Object.hasOwn(all.data[0]!, 'request_body'), false, 'the list leaves the bodies out');
    const second = await list('?per_page=3&page=2');
    assert.deepEqual(idsOf(second), [ids['push']]);
    assert.deepEqual(second.meta, { current_page: 2, per_page: 3, total: 4, last_page: 2 });

    assert.deepEqual(idsOf(await list('?sort=created_at&direction=asc')), [ids['push'], ids['send'], ids['pull'], ids['timeout']]);
    assert.deepEqual(idsOf(await list('?sort=duration_ms&direction=asc')), [ids['push'], ids['send'], ids['pull'], ids['timeout']]);
    assert.deepEqual(idsOf(await list('?sort=duration_ms&direction=desc')), [ids['pull'], ids['send'], ids['push'], ids['timeout']]);
    assert.deepEqual(idsOf(await list('?sort=status&direction=asc')), [ids['push'], ids['send'], ids['pull'], ids['timeout']]);
    assert.deepEqual(idsOf(await list('?sort=status&direction=desc')), [ids['pull'], ids['send'], ids['push'], ids['timeout']]);
    assert.equal((await call('/api/settings/request?sort=url')).statusCode, 422);
  });

  test('search covers url and method; each filter narrows the list', async () => {
    assert.deepEqual(idsOf(await list('?search=broker-two')), [ids['timeout'], ids['pull']]);
    assert.deepEqual(idsOf(await list('?search=post')), [ids['send'], ids['push']], 'POST by method, /postback by url');
    assert.deepEqual(idsOf(await list('?search=get')), [ids['timeout'], ids['pull']]);
    const byIntegration = await list('?search=two%20api');
    assert.deepEqual(idsOf(byIntegration), [ids['timeout'], ids['pull']], "by the integration's name");
    assert.equal(byIntegration.meta.total, 2);
    assert.deepEqual(idsOf(await list('?request_direction=inbound')), [ids['push']]);
    assert.deepEqual(idsOf(await list('?request_direction=outbound')), [ids['timeout'], ids['pull'], ids['send']]);
    assert.deepEqual(idsOf(await list('?status=422')), [ids['send']]);
    assert.deepEqual(idsOf(await list(`?send_integration_id=${brokerTwo}`)), [ids['timeout'], ids['pull']]);
    assert.deepEqual(idsOf(await list('?lead_id=5')), [ids['send'], ids['push']]);
    assert.deepEqual(idsOf(await list('?from=2024-03-02')), [ids['timeout'], ids['pull'], ids['send']]);
    assert.deepEqual(idsOf(await list('?to=2024-03-02')), [ids['send'], ids['push']], 'a date-only to takes in that whole day');
    assert.deepEqual(idsOf(await list('?from=2024-03-02T00:00:00Z&to=2024-03-03T09:00:00Z')), [ids['send']]);
    assert.deepEqual(idsOf(await list(`?request_direction=outbound&send_integration_id=${brokerTwo}&status=500`)), [ids['pull']]);
    for (const bad of ['request_direction=sideways', 'status=abc', 'status=99', 'from=yesterday', 'to=2024-13-45', 'lead_id=-1', 'send_integration_id=x']) {
      const response = await call(`/api/settings/request?${bad}`);
      assert.equal(response.statusCode, 422, bad);
      const field = bad.split('=')[0]!;
      assert.ok((response.json() as { errors: Record<string, string[]> }).errors[field], `${bad} names ${field}`);
    }
  });

  test('only settings.request.view may read it, and it is read-only', async () => {
    const reader = await context.userWith(['settings.request.view']);
    assert.equal((await call('/api/settings/request', reader.token)).statusCode, 200);
    assert.equal((await call(`/api/settings/request/${ids['push']}`, reader.token)).statusCode, 200);
    const other = await context.userWith(['settings.status.view']);
    assert.equal((await call('/api/settings/request', other.token)).statusCode, 403);
    assert.equal((await call(`/api/settings/request/${ids['push']}`, other.token)).statusCode, 403);
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await context.app.inject({ method, url: `/api/settings/request${method === 'POST' ? '' : `/${ids['push']}`}`, headers: bearer(context.adminToken), payload: {} });
      assert.equal(response.statusCode, 404, `${method} is not a route`);
    }
  });

  test('pruning deletes entries older than the retention and keeps the rest', async () => {
    const recent = await recordRequest(context.database.db, { direction: 'inbound', method: 'GET', url: '/api/ping', status: 200 });
    await setCreatedAt(recent, new Date(Date.now() - 29 * 86_400_000).toISOString());
    const before = await tableFingerprint(context.database);
    assert.equal(await pruneRequestLogs(context.database.db, 30), 4);
    const after = await tableFingerprint(context.database);
    assert.equal(after['request_logs'], (before['request_logs'] ?? 0) - 4);
    assert.deepEqual(idsOf(await list('')), [recent]);
    assert.equal(await pruneRequestLogs(context.database.db, 28), 1);
    assert.equal((await list('')).meta.total, 0);
  });

  test('the retention is configured by REQUEST_LOG_DAYS, 30 days by default', () => {
    assert.equal(loadConfig({}).requestLogDays, 30);
    assert.equal(loadConfig({ REQUEST_LOG_DAYS: '7' }).requestLogDays, 7);
    assert.throws(() => loadConfig({ REQUEST_LOG_DAYS: '0' }), /REQUEST_LOG_DAYS/);
  });
});
