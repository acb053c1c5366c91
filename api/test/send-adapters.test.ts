import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { applyAuth, needsToken, readToken, tokenRequest } from '../src/modules/sending/adapters/auth.ts';
import { IntegrationConfigError } from '../src/modules/sending/adapters/configError.ts';
import { elnopyAdapter } from '../src/modules/sending/adapters/elnopy.ts';
import { genericAdapter } from '../src/modules/sending/adapters/generic.ts';
import { httpCall } from '../src/net/httpCall.ts';
import { valueAt } from '../src/modules/sending/adapters/jsonPath.ts';
import { generateLeadPassword } from '../src/modules/sending/adapters/password.ts';
import { formatPhone } from '../src/modules/sending/adapters/phone.ts';
import { adapterFor, adapters } from '../src/modules/sending/adapters/registry.ts';
import { readOutcome } from '../src/modules/sending/adapters/response.ts';
import { sanitizeRequest, sanitizeResponse, secretMask } from '../src/modules/sending/adapters/sanitize.ts';
import { trackboxAdapter } from '../src/modules/sending/adapters/trackbox.ts';
import { formatInZone, parseInZone, UnknownTimeZoneError } from '../src/time/zones.ts';
import { NetworkError, type HttpRequest, type HttpResponse, type IntegrationConfig, type LeadToSend } from '../src/modules/sending/adapters/types.ts';
import { fakeBrokerCredentials, startFakeBroker, type FakeBroker } from '../src/dev/fakeBroker.ts';

function integrationWith(overrides: Partial<IntegrationConfig> = {}): IntegrationConfig {
  return {
    id: 1,
    name: 'Test broker',
    site_url: 'https://broker.test/api/leads',
    token_url: null,
    username: null,
    password: null,
    api_token: null,
    access_token: null,
    access_token_expires_at: null,
    auth_type: 'none',
    response_type: 'http_2xx',
    response_content: {},
    tag: null,
    token: null,
    affiliate_id: null,
    register_lead: true,
    register_client: false,
    is_lead: true,
    brand_id: null,
    campaign_id: null,
    lead_password: null,
    push_api_key: null,
    pull_api_key: null,
    link_id: null,
    send_a_lot: false,
    allowed_ips: [],
    is_sender: true,
    gmt_timezone: 'UTC',
    api_key: null,
    middleware: null,
    phone_format: 'e164',
    concurrency: 10,
    timeout_seconds: 15,
    ...overrides,
  };
}

const lead: LeadToSend = {
  id: 7,
  lead_id: 'L-7',
  name: 'Anna',
  surname: 'Schmidt',
  email: 'anna@example.com',
  phone: '+491701234567',
  country: 'DE',
  language: 'de',
  ip: '203.0.113.10',
  funnel: 'crypto-funnel',
  source: 'google',
  comment: null,
};

const baseRequest: HttpRequest = { method: 'POST', url: 'https://broker.test/api/leads?x=1', headers: { 'content-type': 'application/json' }, body: '{}' };
const reply = (status: number, body: unknown): HttpResponse => ({ status, headers: {}, body: typeof body === 'string' ? body : JSON.stringify(body) });
const jsonOf = (body: string | null): Record<string, unknown> => JSON.parse(body ?? 'null') as Record<string, unknown>;
const window = { from: new Date('2024-07-01T10:00:00Z'), to: new Date('2024-07-01T12:00:00Z') };

describe('json paths', () => {
  test('dotted names and numeric indexes reach nested values; missing steps are undefined', () => {
    const json = { data: { items: [{ id: 5 }, { id: 'b' }] }, ok: true };
    assert.equal(valueAt(json, 'data.items.0.id'), 5, 'index 0');
    assert.equal(valueAt(json, 'data.items.1.id'), 'b', 'index 1');
    assert.equal(valueAt(json, 'ok'), true, 'top level');
    assert.equal(valueAt(json, 'data.items.2.id'), undefined, 'index out of range');
    assert.equal(valueAt(json, 'data.items.x'), undefined, 'a name on an array');
    assert.equal(valueAt(json, 'data.constructor'), undefined, 'inherited properties are not followed');
    assert.equal(valueAt('text', 'a'), undefined, 'a step into a scalar');
  });
});

describe('phone formats', () => {
  test('e164, digits and national with the calling code', () => {
    assert.deepEqual(formatPhone('+491701234567', 'e164'), { phone: '+491701234567', prefix: '49' });
    assert.deepEqual(formatPhone('+491701234567', 'digits'), { phone: '491701234567', prefix: '49' });
    assert.deepEqual(formatPhone('+491701234567', 'national'), { phone: '1701234567', prefix: '49' });
    assert.deepEqual(formatPhone('+12025550123', 'national'), { phone: '2025550123', prefix: '1' });
    assert.deepEqual(formatPhone(null, 'e164'), { phone: null, prefix: null });
  });
});

describe('lead passwords', () => {
  test('10 characters with an upper, a lower and a digit, none ambiguous', () => {
    for (let round = 0; round < 300; round += 1) {
      const password = generateLeadPassword();
      assert.equal(password.length, 10, `length of ${password}`);
      assert.match(password, /[A-Z]/, `upper in ${password}`);
      assert.match(password, /[a-z]/, `lower in ${password}`);
      assert.match(password, /[0-9]/, `digit in ${password}`);
      assert.doesNotMatch(password, /[0O1lI]/, `ambiguous characters in ${password}`);
    }
  });

  test('the rules hold with an extreme random source', () => {
    for (const random of [() => 0, () => 0.999999, () => 1]) {
      const password = generateLeadPassword(random);
      assert.match(password, /^(?=.*[A-Z])(?=.*[a-z])(?=.*[2-9])[A-Za-z2-9]{10}$/, `password ${password}`);
    }
  });
});

describe('auth types', () => {
  const secrets = { username: 'ada', password: 'pw', api_token: 'tok', api_key: 'key' };

  test('none leaves the request as it is', () => {
    assert.deepEqual(applyAuth(baseRequest, integrationWith(secrets), null), baseRequest);
  });

  test('basic, bearer and header key add their header', () => {
    assert.equal(applyAuth(baseRequest, integrationWith({ ...secrets, auth_type: 'basic' }), null).headers['authorization'], `Basic ${Buffer.from('ada:pw').toString('base64')}`);
    assert.equal(applyAuth(baseRequest, integrationWith({ ...secrets, auth_type: 'bearer' }), null).headers['authorization'], 'Bearer tok');
    const keyed = applyAuth(baseRequest, integrationWith({ ...secrets, auth_type: 'header_key' }), null);
    assert.equal(keyed.headers['x-api-key'], 'key', 'api key header');
    assert.equal(keyed.headers['content-type'], 'application/json', 'other headers kept');
  });

  test('query token adds api_token and keeps the query', () => {
    const request = applyAuth(baseRequest, integrationWith({ ...secrets, auth_type: 'query_token' }), null);
    assert.equal(request.url, 'https://broker.test/api/leads?x=1&api_token=tok');
  });

  test('token exchange sends the exchanged token', () => {
    assert.equal(applyAuth(baseRequest, integrationWith({ ...secrets, auth_type: 'token_exchange' }), 'abc').headers['authorization'], 'Bearer abc');
    assert.throws(() => applyAuth(baseRequest, integrationWith({ ...secrets, auth_type: 'token_exchange' }), null), /exchange a token/);
  });

  test('a missing credential is a configuration error', () => {
    assert.throws(() => applyAuth(baseRequest, integrationWith({ auth_type: 'bearer' }), null), IntegrationConfigError);
    assert.throws(() => applyAuth(baseRequest, integrationWith({ auth_type: 'basic', username: 'ada' }), null), /password/);
  });

  test('the token request posts username and password to token_url', () => {
    const request = tokenRequest(integrationWith({ ...secrets, auth_type: 'token_exchange', token_url: 'https://broker.test/auth' }));
    assert.equal(request.method, 'POST');
    assert.equal(request.url, 'https://broker.test/auth');
    assert.deepEqual(jsonOf(request.body), { username: 'ada', password: 'pw' });
    assert.throws(() => tokenRequest(integrationWith(secrets)), IntegrationConfigError);
  });

  test('the token reply gives the token and its expiry (3600 s by default); a bad reply throws', () => {
    const now = new Date('2024-01-01T00:00:00Z');
    assert.deepEqual(readToken(reply(200, { access_token: 'a1', expires_in: 120 }), now), { token: 'a1', expiresAt: new Date('2024-01-01T00:02:00Z') });
    assert.deepEqual(readToken(reply(200, { access_token: 'a1' }), now), { token: 'a1', expiresAt: new Date('2024-01-01T01:00:00Z') });
    assert.throws(() => readToken(reply(200, { token: 'x' }), now), /no access_token/);
    assert.throws(() => readToken(reply(200, 'not json'), now), /no access_token/);
    assert.throws(() => readToken(reply(200, { access_token: 'a', expires_in: 'soon' }), now), /expires_in/);
    assert.throws(() => readToken(reply(401, { error: 'no' }), now), /HTTP 401/);
  });

  test('a token is needed when none is cached or it expires within 60 s', () => {
    const now = new Date('2024-01-01T00:00:00Z');
    const exchange = integrationWith({ auth_type: 'token_exchange' });
    assert.equal(needsToken(exchange, now), true, 'no token');
    assert.equal(needsToken({ ...exchange, access_token: 't', access_token_expires_at: new Date('2024-01-01T00:00:30Z') }, now), true, 'expires in 30 s');
    assert.equal(needsToken({ ...exchange, access_token: 't', access_token_expires_at: new Date('2024-01-01T00:05:00Z') }, now), false, 'valid for 5 min');
    assert.equal(needsToken(integrationWith({ auth_type: 'bearer' }), now), false, 'not a token exchange');
  });
});

describe('response rules', () => {
  const paths = { lead_id_path: 'data.id', autologin_path: 'data.links.0', client_url_path: 'data.client', error_path: 'error.text' };
  const accepted = { status: 'ok', code: 1, data: { id: 42, links: ['https://broker.test/login/42'], client: 'https://broker.test/c/42' } };

  test('http_2xx succeeds on 2xx and extracts the lead id, autologin and client URLs', () => {
    assert.deepEqual(readOutcome(integrationWith({ response_content: paths }), reply(201, accepted)), {
      success: true,
      failure_status: null,
      api_lead_id: '42',
      lead_url: 'https://broker.test/login/42',
      client_url: 'https://broker.test/c/42',
    });
    assert.deepEqual(readOutcome(integrationWith(), reply(200, 'OK')), { success: true, failure_status: null, api_lead_id: null, lead_url: null, client_url: null });
  });

  test('a non-2xx answer fails as HTTP <status> whatever the rule', () => {
    for (const response_type of ['http_2xx', 'json_path_equals', 'body_contains'] as const) {
      const outcome = readOutcome(
        integrationWith({ response_type, response_content: { ...paths, success_path: 'status', success_value: 'ok', body_contains: 'ok' } }),
        reply(503, { error: { text: 'down' } }),
      );
      assert.equal(outcome.success, false, response_type);
      assert.equal(outcome.failure_status, 'HTTP 503', response_type);
    }
  });

  test('json_path_equals compares the value as text', () => {
    const byStatus = integrationWith({ response_type: 'json_path_equals', response_content: { ...paths, success_path: 'status', success_value: 'ok' } });
    assert.equal(readOutcome(byStatus, reply(200, accepted)).api_lead_id, '42', 'extracted on success');
    const byCode = integrationWith({ response_type: 'json_path_equals', response_content: { success_path: 'code', success_value: '1' } });
    assert.equal(readOutcome(byCode, reply(200, accepted)).success, true, 'number 1 equals "1"');
  });

  test('json_path_equals failures: the error text, else rejected, unreadable or an incomplete rule', () => {
    const rule = integrationWith({ response_type: 'json_path_equals', response_content: { ...paths, success_path: 'status', success_value: 'ok' } });
    assert.equal(readOutcome(rule, reply(200, { status: 'error', error: { text: '  Duplicate email  ' } })).failure_status, 'Duplicate email');
    assert.equal(readOutcome(rule, reply(200, { status: 'error', error: { text: 'x'.repeat(400) } })).failure_status, 'x'.repeat(255));
    assert.equal(readOutcome(rule, reply(200, { status: 'error' })).failure_status, 'Rejected by broker');
    assert.equal(readOutcome(rule, reply(200, { status: 'error', error: { text: '  ' } })).failure_status, 'Rejected by broker');
    assert.equal(readOutcome(rule, reply(200, '<html>')).failure_status, 'Unreadable response');
    const failed = readOutcome(rule, reply(200, { status: 'error', data: accepted.data }));
    assert.deepEqual([failed.api_lead_id, failed.lead_url], [null, null], 'nothing extracted from a failure');
    const incomplete = integrationWith({ response_type: 'json_path_equals', response_content: { success_path: 'status' } });
    assert.equal(readOutcome(incomplete, reply(200, accepted)).failure_status, 'Response rule incomplete');
  });

  test('body_contains needs the text in a 2xx body', () => {
    const rule = integrationWith({ response_type: 'body_contains', response_content: { body_contains: 'Lead created', error_path: 'message', lead_id_path: 'id' } });
    assert.deepEqual(readOutcome(rule, reply(200, { message: 'Lead created', id: 'X1' })), { success: true, failure_status: null, api_lead_id: 'X1', lead_url: null, client_url: null });
    assert.equal(readOutcome(rule, reply(200, 'Lead created, id 5')).success, true, 'plain text works');
    assert.equal(readOutcome(rule, reply(200, { message: 'Country not allowed' })).failure_status, 'Country not allowed');
    assert.equal(readOutcome(rule, reply(200, 'nope')).failure_status, 'Rejected by broker');
    assert.equal(readOutcome(integrationWith({ response_type: 'body_contains' }), reply(200, 'x')).failure_status, 'Response rule incomplete');
  });
});

describe('time zones', () => {
  const summerNoon = new Date('2024-07-01T12:00:00Z');
  const winterNoon = new Date('2024-01-15T12:00:00Z');

  test('formats in IANA zones and fixed offsets', () => {
    assert.equal(formatInZone(summerNoon, 'Europe/Berlin'), '2024-07-01 14:00:00');
    assert.equal(formatInZone(winterNoon, 'Europe/Berlin'), '2024-01-15 13:00:00');
    assert.equal(formatInZone(summerNoon, '+02:00'), '2024-07-01 14:00:00');
    assert.equal(formatInZone(summerNoon, '-05:30'), '2024-07-01 06:30:00');
    assert.equal(formatInZone(summerNoon, 'GMT+3'), '2024-07-01 15:00:00');
    assert.equal(formatInZone(summerNoon, 'UTC'), '2024-07-01 12:00:00');
    assert.equal(formatInZone(new Date('2024-07-01T23:30:05Z'), 'Asia/Tokyo'), '2024-07-02 08:30:05');
  });

  test('reads wall-clock dates in the zone and exact dates as they are', () => {
    assert.deepEqual(parseInZone('2024-07-01 14:00:00', 'Europe/Berlin'), summerNoon);
    assert.deepEqual(parseInZone('2024-01-15 13:00:00', 'Europe/Berlin'), winterNoon);
    assert.deepEqual(parseInZone('2024-07-01 06:30', '-05:30'), summerNoon);
    assert.deepEqual(parseInZone('2024-07-01T12:00:00Z', 'Europe/Berlin'), summerNoon);
    assert.deepEqual(parseInZone('2024-07-01T14:00:00+02:00', 'UTC'), summerNoon);
    assert.equal(parseInZone('yesterday', 'UTC'), null);
  });

  test('an unknown zone, or an offset past 14 hours, is refused with its reason', () => {
    assert.throws(() => formatInZone(summerNoon, 'Mars/Olympus'), new UnknownTimeZoneError('Unknown time zone Mars/Olympus.'));
    assert.throws(() => parseInZone('2024-07-01 12:00', '+15:00'), new UnknownTimeZoneError('The time zone offset +15:00 is out of range.'));
  });
});

describe('generic adapter', () => {
  const integration = integrationWith({ affiliate_id: 'aff', campaign_id: 'camp', brand_id: 'brand', link_id: 'link', tag: 'tag', auth_type: 'bearer', api_token: 'tok' });

  test('posts the lead as JSON to site_url with auth; blank fields are left out', () => {
    const request = genericAdapter.buildRequest(integration, lead, 'Secret12ab');
    assert.equal(request.method, 'POST');
    assert.equal(request.url, 'https://broker.test/api/leads');
    assert.equal(request.headers['authorization'], 'Bearer tok');
    assert.deepEqual(jsonOf(request.body), {
      first_name: 'Anna',
      last_name: 'Schmidt',
      email: 'anna@example.com',
      phone: '+491701234567',
      country: 'DE',
      language: 'de',
      ip: '203.0.113.10',
      password: 'Secret12ab',
      funnel: 'crypto-funnel',
      source: 'google',
      affiliate_id: 'aff',
      campaign_id: 'camp',
      brand_id: 'brand',
      link_id: 'link',
      tag: 'tag',
      is_lead: true,
      register_client: false,
    });
  });

  test('the national format sends the calling code as phone_prefix', () => {
    const body = jsonOf(genericAdapter.buildRequest({ ...integration, phone_format: 'national' }, lead, 'p').body);
    assert.deepEqual([body['phone'], body['phone_prefix']], ['1701234567', '49']);
  });

  test('pulls from the origin with the pull key and the window in the broker zone', () => {
    assert.equal(genericAdapter.pullRequest(integration, window, 1), null, 'no pull key, no pull');
    const request = genericAdapter.pullRequest({ ...integration, pull_api_key: 'pk', gmt_timezone: 'Europe/Berlin' }, window, 2);
    assert.equal(request?.method, 'GET');
    assert.equal(request?.url, 'https://broker.test/leads/status?from=2024-07-01+12%3A00%3A00&to=2024-07-01+14%3A00%3A00&page=2');
    assert.equal(request?.headers['x-api-key'], 'pk');
  });

  test('reads pulled leads with FTD dates in the broker zone', () => {
    const pulled = genericAdapter.readPull(
      integrationWith({ gmt_timezone: '+02:00' }),
      reply(200, {
        data: [
          { id: 9, email: 'a@b.c', status: 'Deposited', ftd: true, ftd_at: '2024-07-01 13:00:00' },
          { id: 'x', email: null, status: 'New', ftd: false, ftd_at: null },
          { id: 10, ftd: true },
        ],
        has_more: true,
      }),
      window,
      1,
    );
    assert.equal(pulled.hasMore, true);
    assert.deepEqual(
      pulled.leads.map(({ api_lead_id, email, status, ftd_at }) => ({ api_lead_id, email, status, ftd_at })),
      [
        { api_lead_id: '9', email: 'a@b.c', status: 'Deposited', ftd_at: new Date('2024-07-01T11:00:00Z') },
        { api_lead_id: 'x', email: null, status: 'New', ftd_at: null },
        { api_lead_id: '10', email: null, status: null, ftd_at: window.to },
      ],
    );
    assert.throws(() => genericAdapter.readPull(integration, reply(500, 'oops'), window, 1), /HTTP 500/);
    assert.throws(() => genericAdapter.readPull(integration, reply(200, { nothing: true }), window, 1), /no data list/);
  });
});

describe('sanitized requests and responses', () => {
  const secrets = {
    password: 'p@ss w+rd/&"x',
    api_token: 'api token+/=123',
    access_token: 'access-token-456',
    token: 'plain-token-789',
    api_key: 'api-key-abc',
    push_api_key: 'push-key-def',
    pull_api_key: 'pull key&ghi',
    lead_password: 'LeadPass99',
  };
  const everySecret = [...Object.values(secrets), 'Generated7Pw'];
  const full = integrationWith({ ...secrets, username: 'ada', token_url: 'https://broker.test/auth', link_id: 'link', affiliate_id: 'aff' });

  /** Each secret in every encoding it could travel in. */
  const leakForms = (secret: string): string[] => [
    secret,
    encodeURIComponent(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(`ada:${secret}`).toString('base64'),
  ];
  const assertNoSecret = (value: { url?: string; headers: Record<string, string>; body: string | null }, label: string): void => {
    const texts = [JSON.stringify(value), value.url ?? '', value.body ?? '', ...Object.values(value.headers)];
    for (const form of everySecret.flatMap(leakForms))
      assert.equal(
        texts.some((text) => text.includes(form)),
        false,
        `${label} leaks ${form}`,
      );
  };

  test('no secret survives in any auth type, in headers, URL or body', () => {
    for (const auth_type of ['none', 'basic', 'bearer', 'header_key', 'query_token', 'token_exchange'] as const) {
      const integration = { ...full, auth_type };
      const request = genericAdapter.buildRequest(integration, { ...lead, comment: `call back, key ${secrets.api_key}` }, 'Generated7Pw');
      const sanitized = sanitizeRequest(request, integration, ['Generated7Pw']);
      assertNoSecret(sanitized, auth_type);
      assert.match(sanitized.body ?? '', /"email":"anna@example.com"/, `${auth_type}: other fields are kept`);
    }
    for (const middleware of ['trackbox', 'elnopy'] as const) {
      const integration = { ...full, middleware };
      assertNoSecret(sanitizeRequest(adapterFor(integration).buildRequest(integration, lead, 'Generated7Pw'), integration, ['Generated7Pw']), middleware);
      const pull = adapterFor(integration).pullRequest(integration, window, 1);
      assert.notEqual(pull, null, `${middleware} pulls`);
      if (pull) assertNoSecret(sanitizeRequest(pull, integration), `${middleware} pull`);
    }
    assertNoSecret(sanitizeRequest(tokenRequest(full), full), 'token request');
  });

  test('a short secret is masked where it stands as a value, not inside other words (which would spell it out)', () => {
    const request = {
      method: 'POST' as const,
      url: 'http://127.0.0.1:4999/leads?api_key=p&page=2',
      headers: { 'content-type': 'application/json', connection: 'keep-alive', 'x-trace': 'p' },
      body: '{"phone":"+49 151","password":"p","note":"please keep it up","list":["p"]}',
    };
    const sanitized = sanitizeRequest(request, integrationWith({ password: 'p' }));
    assert.deepEqual(sanitized, {
      method: 'POST',
      url: `http://127.0.0.1:4999/leads?api_key=${secretMask}&page=2`,
      headers: { 'content-type': 'application/json', connection: 'keep-alive', 'x-trace': secretMask },
      body: `{"phone":"+49 151","password":"${secretMask}","note":"please keep it up","list":["${secretMask}"]}`,
    });
    const response = sanitizeResponse(reply(200, 'status=ok&key=k1&token=k10'), integrationWith({ api_key: 'k1' }));
    assert.equal(response.body, `status=ok&key=${secretMask}&token=k10`, 'a longer value that starts with the secret is not it');
  });

  test('a token renewed on the same integration object is masked from then on (the pattern is not kept stale)', () => {
    const integration = integrationWith({ access_token: 'first-token-0123456789' });
    const call = (token: string) => ({ method: 'POST' as const, url: 'http://127.0.0.1:4999/leads', headers: {}, body: `{"token":"${token}"}` });
    assert.equal(sanitizeRequest(call('first-token-0123456789'), integration, ['Pw1']).body, `{"token":"${secretMask}"}`);
    integration.access_token = 'second-token-0123456789';
    assert.equal(sanitizeRequest(call('second-token-0123456789'), integration, ['Pw1']).body, `{"token":"${secretMask}"}`);
  });

  test('credential headers keep their scheme and are masked', () => {
    const sanitized = sanitizeRequest(genericAdapter.buildRequest({ ...full, auth_type: 'basic' }, lead, 'x'), full);
    assert.equal(sanitized.headers['authorization'], `Basic ${secretMask}`);
    const trackbox = sanitizeRequest(trackboxAdapter.buildRequest(full, lead, 'x'), full);
    assert.deepEqual([trackbox.headers['x-trackbox-password'], trackbox.headers['x-api-key'], trackbox.headers['x-trackbox-username']], [secretMask, secretMask, 'ada']);
  });

  test('responses lose the secrets the broker echoes and the new token; bodies are cut at 64 KB', () => {
    const response = reply(200, { access_token: 'fresh-token', password: secrets.lead_password, echo: secrets.api_key, note: 'ok' });
    const sanitized = sanitizeResponse({ ...response, headers: { 'set-cookie': 'sid=1', 'content-type': 'application/json' } }, full, ['fresh-token']);
    assertNoSecret(sanitized, 'response');
    assert.equal(sanitized.body.includes('fresh-token'), false, 'the exchanged token is masked');
    assert.deepEqual(sanitized.headers, { 'set-cookie': secretMask, 'content-type': 'application/json' });
    const long = sanitizeResponse(reply(200, 'a'.repeat(200_000)), full);
    assert.equal(Buffer.byteLength(long.body) <= 64 * 1024, true, 'capped');
  });
});

describe('adapters against the fake broker', () => {
  let broker: FakeBroker;
  const call = httpCall(5_000);
  const credentials = fakeBrokerCredentials;

  before(async () => {
    broker = await startFakeBroker({ pageSize: 2 });
  });
  after(async () => {
    await broker.close();
  });

  const genericRule = { success_path: 'status', success_value: 'ok', lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url' };
  const genericIntegration = (): IntegrationConfig =>
    integrationWith({ site_url: `${broker.url}/leads`, token_url: `${broker.url}/auth/token`, ...credentials, response_type: 'json_path_equals', response_content: genericRule });

  test('generic: every auth type is accepted and the lead id and autologin are read', async () => {
    for (const auth_type of ['none', 'basic', 'bearer', 'header_key', 'query_token'] as const) {
      const integration = { ...genericIntegration(), auth_type };
      const email = `generic-${auth_type}@example.com`;
      const response = await call(genericAdapter.buildRequest(integration, { ...lead, email }, 'Pw12345abc'));
      const result = genericAdapter.readResponse(integration, response);
      assert.equal(result.success, true, `${auth_type}: ${result.failure_status ?? ''}`);
      assert.match(result.api_lead_id ?? '', /^B-\d+$/, `${auth_type} lead id`);
      assert.equal(result.lead_url, `${broker.url}/autologin/${result.api_lead_id ?? ''}`, `${auth_type} autologin`);
      assert.equal(broker.timesReceived(email), 1, `${auth_type} received once`);
    }
  });

  test('generic: wrong credentials get HTTP 401', async () => {
    const integration = { ...genericIntegration(), auth_type: 'bearer' as const, api_token: 'wrong' };
    const result = genericAdapter.readResponse(integration, await call(genericAdapter.buildRequest(integration, lead, 'p')));
    assert.equal(result.failure_status, 'HTTP 401');
  });

  test('generic: token exchange logs in, then sends with the token', async () => {
    const integration = { ...genericIntegration(), auth_type: 'token_exchange' as const };
    const now = new Date();
    assert.equal(needsToken(integration, now), true, 'needs a token first');
    const { token, expiresAt } = readToken(await call(tokenRequest(integration)), now);
    const withToken = { ...integration, access_token: token, access_token_expires_at: expiresAt };
    assert.equal(needsToken(withToken, now), false, 'cached token is fresh');
    const result = genericAdapter.readResponse(withToken, await call(genericAdapter.buildRequest(withToken, { ...lead, email: 'exchange@example.com' }, 'p')));
    assert.equal(result.success, true, result.failure_status ?? '');
    assert.throws(() => readToken({ status: 401, headers: {}, body: '' }, now), /HTTP 401/);
    const refused = await call(tokenRequest({ ...integration, password: 'wrong' }));
    assert.equal(refused.status, 401, 'wrong password refused');
  });

  test('generic: pulls page by page with the broker report', async () => {
    broker.setReport('generic-none@example.com', { status: 'Deposited', ftd_at: '2024-07-01 13:00:00' });
    const integration = { ...genericIntegration(), pull_api_key: credentials.pull_api_key, gmt_timezone: 'Europe/Berlin' };
    const pulled = [];
    for (let page = 1; page < 20; page += 1) {
      const request = genericAdapter.pullRequest(integration, window, page);
      assert.notEqual(request, null, 'a pull request');
      if (!request) break;
      const result = genericAdapter.readPull(integration, await call(request), window, page);
      pulled.push(...result.leads);
      if (!result.hasMore) break;
    }
    assert.equal(pulled.length, broker.received.length, 'every lead pulled once');
    const deposited = pulled.find((item) => item.email === 'generic-none@example.com');
    assert.equal(deposited?.status, 'Deposited');
    assert.deepEqual(deposited?.ftd_at, new Date('2024-07-01T11:00:00Z'));
    assert.equal(broker.pulls.at(-1)?.params['from'], '2024-07-01 12:00:00', 'window written in the broker zone');
  });

  const trackbox = (): IntegrationConfig =>
    integrationWith({ middleware: 'trackbox', site_url: broker.url, ...credentials, affiliate_id: '11', campaign_id: '22', brand_id: '33', phone_format: 'digits', gmt_timezone: '+03:00' });

  test('trackbox: builds the procform post and reads the autologin and unique id', async () => {
    const integration = trackbox();
    const request = trackboxAdapter.buildRequest(integration, { ...lead, email: 'tb@example.com' }, 'Tb12345abc');
    assert.equal(request.url, `${broker.url}/api/signup/procform`);
    assert.deepEqual(jsonOf(request.body), {
      ai: '11',
      ci: '22',
      gi: '33',
      userip: '203.0.113.10',
      firstname: 'Anna',
      lastname: 'Schmidt',
      email: 'tb@example.com',
      password: 'Tb12345abc',
      phone: '491701234567',
      so: 'crypto-funnel',
    });
    const result = trackboxAdapter.readResponse(integration, await call(request));
    assert.equal(result.success, true, result.failure_status ?? '');
    assert.match(result.api_lead_id ?? '', /^B-\d+$/, 'unique id');
    assert.equal(result.lead_url, `${broker.url}/autologin/${result.api_lead_id ?? ''}`);
    assert.equal(broker.received.at(-1)?.shape, 'trackbox');
    assert.equal(broker.received.at(-1)?.headers['x-trackbox-username'], credentials.username);
  });

  test('trackbox: a rejection carries its text; wrong credentials get HTTP 401; bad replies are unreadable', async () => {
    const integration = trackbox();
    broker.rejectNext(1, 'Duplicate lead');
    assert.equal(trackboxAdapter.readResponse(integration, await call(trackboxAdapter.buildRequest(integration, lead, 'p'))).failure_status, 'Duplicate lead');
    const wrong = { ...integration, password: 'nope' };
    assert.equal(trackboxAdapter.readResponse(wrong, await call(trackboxAdapter.buildRequest(wrong, lead, 'p'))).failure_status, 'HTTP 401');
    assert.equal(trackboxAdapter.readResponse(integration, reply(200, { status: false })).failure_status, 'Rejected by broker');
    assert.equal(trackboxAdapter.readResponse(integration, reply(200, 'oops')).failure_status, 'Unreadable response');
    assert.throws(() => trackboxAdapter.buildRequest({ ...integration, api_key: null }, lead, 'p'), IntegrationConfigError);
  });

  test('trackbox: pulls customers page by page with FTDs', async () => {
    const integration = { ...trackbox(), pull_api_key: credentials.pull_api_key };
    broker.setReport('tb@example.com', { status: 'FTD', ftd_at: '2024-07-01 15:30:00' });
    const pulled = [];
    for (let page = 1; page < 20; page += 1) {
      const request = trackboxAdapter.pullRequest(integration, window, page);
      if (!request) break;
      const result = trackboxAdapter.readPull(integration, await call(request), window, page);
      pulled.push(...result.leads);
      if (!result.hasMore) break;
    }
    assert.equal(pulled.length, broker.received.length, 'every page read');
    const ftd = pulled.find((item) => item.email === 'tb@example.com');
    assert.deepEqual([ftd?.status, ftd?.ftd_at], ['FTD', new Date('2024-07-01T12:30:00Z')]);
    assert.deepEqual(broker.pulls.at(-1)?.params, { from: '2024-07-01 13:00:00', to: '2024-07-01 15:00:00', type: '3', page: String(broker.pulls.at(-1)?.params['page']) });
    assert.equal(trackboxAdapter.pullRequest({ ...integration, pull_api_key: null }, window, 1), null, 'no pull key, no pull');
    const wrongKey = { ...integration, pull_api_key: 'wrong' };
    const refused = trackboxAdapter.pullRequest(wrongKey, window, 1);
    assert.notEqual(refused, null, 'a pull request');
    if (refused) {
      const response = await call(refused);
      assert.throws(() => trackboxAdapter.readPull(wrongKey, response, window, 1), /HTTP 401/);
    }
  });

  const elnopy = (): IntegrationConfig => integrationWith({ middleware: 'elnopy', site_url: broker.url, ...credentials, link_id: 'L55', phone_format: 'national', gmt_timezone: 'UTC' });

  test('elnopy: posts a form with the full phone and reads id, autologin and password', async () => {
    const integration = elnopy();
    const request = elnopyAdapter.buildRequest(integration, { ...lead, email: 'el@example.com' }, 'ignored');
    assert.equal(request.url, `${broker.url}/api/v3/integration?api_token=${credentials.api_token}`);
    assert.equal(request.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.deepEqual(Object.fromEntries(new URLSearchParams(request.body ?? '')), {
      link_id: 'L55',
      fname: 'Anna',
      lname: 'Schmidt',
      email: 'el@example.com',
      fullphone: '+491701234567',
      ip: '203.0.113.10',
      country: 'DE',
      language: 'de',
      source: 'google',
      funnel: 'crypto-funnel',
    });
    const result = elnopyAdapter.readResponse(integration, await call(request));
    assert.equal(result.success, true, result.failure_status ?? '');
    assert.match(result.api_lead_id ?? '', /^B-\d+$/, 'lead id');
    assert.equal(result.lead_url, `${broker.url}/autologin/${result.api_lead_id ?? ''}`);
    assert.match(result.lead_password ?? '', /^Pw\d+Xk9$/, 'the broker password');
    assert.equal(broker.received.at(-1)?.body['fullphone'], '+491701234567');
  });

  test('elnopy: a rejection carries its message; a wrong token gets HTTP 401', async () => {
    const integration = elnopy();
    broker.rejectNext(1, 'Email already registered');
    assert.equal(elnopyAdapter.readResponse(integration, await call(elnopyAdapter.buildRequest(integration, lead, 'p'))).failure_status, 'Email already registered');
    const wrong = { ...integration, api_token: 'wrong' };
    assert.equal(elnopyAdapter.readResponse(wrong, await call(elnopyAdapter.buildRequest(wrong, lead, 'p'))).failure_status, 'HTTP 401');
    assert.equal(elnopyAdapter.readResponse(integration, reply(200, { success: false })).failure_status, 'Rejected by broker');
  });

  test('elnopy: pulls with acq as the FTD, falling back to the window end without a date', async () => {
    const integration = { ...elnopy(), pull_api_key: credentials.pull_api_key };
    broker.setReport('el@example.com', { status: 'Converted', ftd_at: '2024-07-01 11:15:00' });
    broker.setReport('unknown@example.com', { status: 'Converted', ftd_at: null });
    const request = elnopyAdapter.pullRequest(integration, window, 1);
    assert.equal(request?.url, `${broker.url}/api/v3/get-leads?api_token=${credentials.pull_api_key}&link_id=L55&from=2024-07-01+10%3A00%3A00&to=2024-07-01+12%3A00%3A00`);
    if (!request) return;
    const result = elnopyAdapter.readPull(integration, await call(request), window, 1);
    assert.equal(result.hasMore, false);
    assert.deepEqual(result.leads.find((item) => item.email === 'el@example.com')?.ftd_at, new Date('2024-07-01T11:15:00Z'));
    assert.equal(result.leads.find((item) => item.email === 'unknown@example.com')?.ftd_at, null, 'no acq, no FTD');
    const acqWithoutDate = elnopyAdapter.readPull(integration, reply(200, { success: true, data: [{ id: 1, email: 'x@y.z', status: 'FTD', acq: '1', acq_date: null }] }), window, 1);
    assert.deepEqual(acqWithoutDate.leads[0]?.ftd_at, window.to);
  });

  test('simulated failures: a status, then success again', async () => {
    const integration = genericIntegration();
    broker.failNext(2, 503);
    const statuses = [];
    for (let round = 0; round < 3; round += 1) statuses.push(genericAdapter.readResponse(integration, await call(genericAdapter.buildRequest(integration, lead, 'p'))).failure_status);
    assert.deepEqual(statuses, ['HTTP 503', 'HTTP 503', null]);
  });

  test('a reset socket is a network error, not a response', async () => {
    broker.failNext(1, 'reset');
    const error = await call(genericAdapter.buildRequest(genericIntegration(), { ...lead, email: 'reset@example.com' }, 'p')).then(
      () => null,
      (caught: unknown) => caught,
    );
    assert.equal(error instanceof NetworkError, true, `a NetworkError, got ${String(error)}`);
    assert.notEqual((error as NetworkError).kind, 'connect', 'the broker may have received it');
    assert.equal(broker.timesReceived('reset@example.com'), 0, 'not accepted');
  });

  test('latency beyond the timeout is a timeout', async () => {
    broker.setLatency(500);
    try {
      const error = await httpCall(100)(genericAdapter.buildRequest(genericIntegration(), lead, 'p')).then(
        () => null,
        (caught: unknown) => caught,
      );
      assert.equal(error instanceof NetworkError && error.kind, 'timeout', `a timeout, got ${String(error)}`);
    } finally {
      broker.setLatency(0);
    }
  });

  test("a call waits as long as its own timeout says, never past the engine's limit", async () => {
    broker.setLatency(500);
    try {
      const request = genericAdapter.buildRequest(genericIntegration(), lead, 'p');
      const started = performance.now();
      const own = await httpCall(5_000)({ ...request, timeoutMs: 100 }).then(
        () => null,
        (caught: unknown) => caught,
      );
      assert.equal(own instanceof NetworkError && own.kind, 'timeout', `its own 100 ms, got ${String(own)}`);
      assert.ok(performance.now() - started < 450, 'did not wait for the answer');
      const capped = await httpCall(100)({ ...request, timeoutMs: 60_000 }).then(
        () => null,
        (caught: unknown) => caught,
      );
      assert.equal(capped instanceof NetworkError && capped.kind, 'timeout', `capped at 100 ms, got ${String(capped)}`);
      const answered = await httpCall(5_000)({ ...request, timeoutMs: 2_000 });
      assert.equal(answered.status, 200);
    } finally {
      broker.setLatency(0);
    }
  });

  test('a closed port is a connect error', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const error = await call({ method: 'GET', url: `http://127.0.0.1:${port}/`, headers: {}, body: null }).then(
      () => null,
      (caught: unknown) => caught,
    );
    assert.equal(error instanceof NetworkError && error.kind, 'connect', `a connect error, got ${String(error)}`);
  });

  test('many concurrent posts at latency all arrive once', async () => {
    broker.setLatency(50);
    try {
      const integration = genericIntegration();
      const emails = Array.from({ length: 500 }, (_, index) => `bulk-${index}@example.com`);
      const results = await Promise.all(emails.map(async (email) => genericAdapter.readResponse(integration, await call(genericAdapter.buildRequest(integration, { ...lead, email }, 'p')))));
      assert.equal(results.filter((result) => result.success).length, emails.length, 'all accepted');
      assert.equal(emails.filter((email) => broker.timesReceived(email) === 1).length, emails.length, 'each received once');
    } finally {
      broker.setLatency(0);
    }
  });
});

describe('registry', () => {
  test('the middleware picks the adapter; none is generic', () => {
    assert.equal(adapterFor(integrationWith()), adapters.generic);
    assert.equal(adapterFor(integrationWith({ middleware: 'trackbox' })), trackboxAdapter);
    assert.equal(adapterFor(integrationWith({ middleware: 'elnopy' })), elnopyAdapter);
  });
});
