/**
 * Hostile input on every registered route: NUL characters in every text field and query parameter, numbers past
 * PostgreSQL's integer, ids `Number()` reads leniently (`0x10`, `1e3`, ` 16`) and malformed multipart. Each must be
 * a 4xx (a 422 naming the field where a field is at fault) whose body holds no SQL, and the data must not change.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import * as tables from '../src/db/schema/index.ts';
import type { Database } from '../src/db/database.ts';
import type { RegisteredRoute } from '../src/app/app.ts';
import { publicRoutes } from '../src/http/access.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';
import { hostileIds, malformedMultipart, readsNumber, sampleOf, shapeOf } from './hostile-samples.ts';

const nul = 'a\u0000b';
const hugeInteger = 2_147_483_648;
const sqlFragments = /failed query|insert into|select |params:/i;
const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Tables a refused request may still touch: the session's last activity, the login counters. */
const volatileTables = new Set(['sessions', 'rate_limits']);

/** Every table's rows as one checksum each: a changed, added or removed row shows, not only a changed count. */
async function dataChecksums(database: Database): Promise<Record<string, string>> {
  const tables = await database.pool.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const sums: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    if (volatileTables.has(table_name)) continue;
    const result = await database.pool.query<{ sum: string | null }>(`select md5(string_agg(t::text, '|' order by t::text)) as sum from "${table_name}" t`);
    sums[table_name] = result.rows[0]?.sum ?? 'empty';
  }
  return sums;
}

type Answer = { statusCode: number; body: string };

/** A field is named by its own key, an item of it (`status_id.0`), or the list or union that holds it. */
const names = (errors: Record<string, unknown>, field: string): boolean => Object.keys(errors).some((key) => key === field || key.startsWith(`${field}.`) || field.startsWith(`${key}.`));

/** What is wrong with an answer, or null. */
function problemOf(answer: Answer, expectation: { fields?: readonly string[] }): string | null {
  if (answer.statusCode < 400 || answer.statusCode >= 500) return `answered ${answer.statusCode} ${answer.body.slice(0, 160)}`;
  if (sqlFragments.test(answer.body)) return `leaks SQL: ${answer.body.slice(0, 160)}`;
  if (!expectation.fields) return null;
  if (answer.statusCode !== 422) return `answered ${answer.statusCode}, not 422: ${answer.body.slice(0, 160)}`;
  const errors = (JSON.parse(answer.body) as { errors?: Record<string, unknown> }).errors ?? {};
  const unnamed = expectation.fields.filter((field) => !names(errors, field));
  return unnamed.length > 0 ? `names no ${unnamed.join(', ')}: ${answer.body.slice(0, 200)}` : null;
}

const withId = (url: string, id: string) => url.replace(':id', id).replace(':lng', id === '1' ? 'en' : id);

type Case = { label: string; url: string; payload?: unknown; contentType?: string; fields?: readonly string[] };

/** The hostile requests for one route: its path id, each query parameter, and (a write) its body and content type. */
function hostileCases(route: RegisteredRoute): Case[] {
  const cases: Case[] = [];
  const params = shapeOf(route.params);
  if (params) {
    const key = Object.keys(params)[0] ?? 'id';
    const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
    for (const id of hostileIds) cases.push({ label: `the ${key} ${id}`, url: withId(route.url, id), payload, fields: [key] });
  }
  const url = withId(route.url, '1');
  for (const [key, field] of Object.entries(shapeOf(route.querystring) ?? {})) {
    cases.push({ label: `NUL in ?${key}`, url: `${url}?${key}=a%00b`, fields: [key] });
    if (!readsNumber(field)) continue;
    for (const number of [String(hugeInteger), '0x10', '%2016']) cases.push({ label: `?${key}=${number}`, url: `${url}?${key}=${number}`, fields: [key] });
  }
  if (!writeMethods.includes(route.method)) return cases;
  for (const multipart of malformedMultipart) cases.push({ label: `malformed multipart (${multipart.contentType})`, url, ...multipart });
  const body = route.body;
  if (!(body instanceof z.ZodType) || Object.keys(shapeOf(body) ?? {}).length === 0) return cases;
  const withNul = sampleOf(body, { text: nul, number: 1 });
  if (withNul.textPaths.length > 0) cases.push({ label: 'NUL in every text field', url, payload: withNul.value, fields: withNul.textPaths });
  const huge = sampleOf(body, { text: 'a', number: hugeInteger });
  if (huge.numberPaths.length > 0) cases.push({ label: `${hugeInteger} in every number field`, url, payload: huge.value, fields: huge.numberPaths });
  cases.push({ label: 'NUL in a field name', url, payload: { [nul]: 'x' } });
  return cases;
}

describe('hostile input on every route: a 4xx that names no SQL and changes nothing', () => {
  let context: TestContext;
  let routes: RegisteredRoute[];

  /** What is wrong with the answer to one hostile request, or null. */
  async function problemWith(route: RegisteredRoute, hostile: Case): Promise<string | null> {
    const answer = await context.app.inject({
      method: route.method as 'POST',
      url: hostile.url,
      headers: { ...bearer(context.adminToken), ...(hostile.contentType ? { 'content-type': hostile.contentType } : {}) },
      ...(hostile.payload === undefined ? {} : { payload: hostile.payload as string }),
    });
    const problem = problemOf(answer, hostile);
    return problem && `${route.method} ${route.url} with ${hostile.label}: ${problem}`;
  }

  before(async () => {
    context = await createTestContext();
    routes = context.app.registeredRoutes.filter(
      // The public routes (a broker's postback, an affiliate's calls) have their own tests (sending.test.ts, the
      // affiliate-*.test.ts) and log every call, refused ones included, so the data would change by design.
      (route) =>
        route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !(publicRoutes.includes(`${route.method} ${route.url}`) && /\/postback$|^\/api\/v1\//.test(route.url)),
    );
  });
  after(() => context.close());

  test('every route answers hostile input with a 4xx and leaves the data as it was', async () => {
    const before = await dataChecksums(context.database);
    const requests = routes.flatMap((route) => hostileCases(route).map((hostile) => ({ route, hostile })));
    assert.ok(requests.length > 1000, `only ${requests.length} hostile requests`);
    const problems: string[] = [];
    // A few at a time: validation is CPU while the session lookups wait on the database.
    for (let start = 0; start < requests.length; start += 8) {
      const batch = requests.slice(start, start + 8).map(({ route, hostile }) => problemWith(route, hostile));
      for (const problem of await Promise.all(batch)) if (problem) problems.push(problem);
    }
    assert.equal(problems.length, 0, problems.join('\n'));
    assert.deepEqual(await dataChecksums(context.database), before);
  });

  test('a pull whose broker cannot be reached or answers an error is a 502 naming why, in the request log', async () => {
    const failing = createServer((_request, response) => response.writeHead(500).end('down for maintenance'));
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    const brokers = [
      { site_url: 'http://broker.invalid', reason: /ENOTFOUND|EAI_AGAIN/ },
      { site_url: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`, reason: /HTTP 500/ },
    ];
    try {
      for (const [index, broker] of brokers.entries()) {
        const fields = { name: `Unreachable ${index}`, site_url: broker.site_url, middleware: 'elnopy', api_token: 'token', link_id: 'L-1', pull_api_key: 'pull-key' };
        const created = await context.app.inject({ method: 'POST', url: '/api/send/integration', headers: bearer(context.adminToken), payload: fields });
        assert.equal(created.statusCode, 201, created.body);
        const id = (created.json() as { data: { id: number } }).data.id;

        const pulled = await context.app.inject({ method: 'POST', url: `/api/send/integration/${id}/pull`, headers: bearer(context.adminToken) });
        assert.equal(pulled.statusCode, 502, pulled.body);
        const { message } = pulled.json() as { message: string };
        assert.match(message, broker.reason);
        assert.match(message, new RegExp(`^Unreachable ${index}: the status pull failed`));
        const [integration] = await context.database.db.select().from(tables.sendIntegrations).where(eq(tables.sendIntegrations.id, id));
        assert.equal(integration?.last_pulled_at, null, 'the window is not marked pulled');
        const logged = await context.database.db.select().from(tables.requestLogs).where(eq(tables.requestLogs.send_integration_id, id));
        assert.deepEqual(
          logged.map((entry) => [entry.direction, entry.status]),
          [['outbound', index === 0 ? null : 500]],
        );
      }
    } finally {
      failing.close();
    }
  });
});
