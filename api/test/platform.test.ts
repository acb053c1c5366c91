import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as tables from '../src/db/schema/index.ts';
import { handleError } from '../src/http/errors.ts';
import { createTestContext, type TestContext } from './helpers.ts';

describe('health, docs and localizations', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext();
  });
  after(() => context.close());

  test('health reports the database up and migrations current', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok', database: 'up', migrations: 'current' });
  });

  test('the OpenAPI documents list every registered route: /api/v1 in its own, the rest in the console one', async () => {
    const documentedIn = async (url: string) => {
      const response = await context.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200);
      const document = response.json() as { paths: Record<string, Record<string, unknown>> };
      return new Set(Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
    };
    const [console, v1] = await Promise.all([documentedIn('/api/docs/json'), documentedIn('/api/v1/docs/json')]);
    const routes = context.app.registeredRoutes.filter((route) => route.url.startsWith('/api/') && !/^\/api(\/v1)?\/docs/.test(route.url) && route.method !== 'OPTIONS');
    for (const route of routes) {
      const operation = `${route.method} ${route.url.replaceAll(/:(\w+)/g, '{$1}')}`;
      const [documented, other] = route.url.startsWith('/api/v1/') ? [v1, console] : [console, v1];
      assert.ok(documented.has(operation), `${operation} is not documented`);
      assert.ok(!other.has(operation), `${operation} is in the other document`);
    }
    for (const url of ['/api/docs', '/api/v1/docs']) {
      const ui = await context.app.inject({ method: 'GET', url });
      assert.ok([200, 302].includes(ui.statusCode), url);
    }
  });

  test('server localizations come back as a key → text map; a bad language code is a 422', async () => {
    await context.database.db.insert(tables.localizations).values([
      { locale: 'de', key: 'menu.leads', value: 'Leads (DE)' },
      { locale: 'de', key: 'page_loading', value: 'Seite wird geladen' },
      { locale: 'en', key: 'page_loading', value: 'Loading page' },
    ]);
    const response = await context.app.inject({ method: 'GET', url: '/api/localizations/de' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { 'menu.leads': 'Leads (DE)', page_loading: 'Seite wird geladen' });
    assert.equal(response.headers['cache-control'], 'no-cache');
    assert.deepEqual((await context.app.inject({ method: 'GET', url: '/api/localizations/xx' })).json(), {});
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/localizations/..%2Fetc' })).statusCode, 422);
  });

  test('the interface languages are public: English and German', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/locales' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { data: { en: 'English', de: 'Deutsch' } });
  });

  test('an unknown path is a JSON 404', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/nothing-here' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { message: 'Not found.' });
  });

  test('an unexpected error is a bare 500 with no stack or detail', () => {
    let sent: { status: number; body: unknown } | null = null;
    const reply = {
      status(code: number) {
        return { send: (body: unknown) => (sent = { status: code, body }) };
      },
    };
    const request = { log: { error: () => undefined } };
    const failure = Object.assign(new Error('connection to 10.0.0.5 refused at db.ts:12'), { statusCode: undefined });
    handleError(failure as never, request as never, reply as never);
    assert.deepEqual(sent, { status: 500, body: { message: 'Server Error' } });
  });
});
