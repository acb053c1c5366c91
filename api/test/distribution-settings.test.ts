/**
 * `GET/PUT /api/distribution/settings`: the engine's most broker calls per lead and hold time — the defaults until
 * saved, a save the engine reads on its next pass, per-field 422s that change nothing, and the rules' permissions.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { distributionSettingsOf } from '../src/modules/distribution/settings.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

describe('distribution settings', () => {
  let context: TestContext;
  const call = (method: 'GET' | 'PUT', token: string, payload?: Record<string, unknown>) =>
    context.app.inject({ method, url: '/api/distribution/settings', headers: bearer(token), ...(payload ? { payload } : {}) });

  before(async () => {
    context = await createTestContext();
  });
  after(() => context.close());

  test('the defaults until saved; a save is what the engine reads', async () => {
    const first = await call('GET', context.adminToken);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), { data: { max_attempts: 3, hold_hours: 24 } });
    const saved = await call('PUT', context.adminToken, { max_attempts: 2, hold_hours: 6 });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(saved.json(), { data: { max_attempts: 2, hold_hours: 6 } });
    assert.deepEqual(await distributionSettingsOf(context.database.db), { max_attempts: 2, hold_hours: 6 });
    const again = await call('PUT', context.adminToken, { max_attempts: 5, hold_hours: 0 });
    assert.deepEqual(again.json(), { data: { max_attempts: 5, hold_hours: 0 } }, 'saved over the one row');
  });

  test('bad values are refused per field and change nothing', async () => {
    const before = (await call('GET', context.adminToken)).json() as unknown;
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ max_attempts: 0, hold_hours: 1 }, 'max_attempts', /At least 1/],
      [{ max_attempts: 11, hold_hours: 1 }, 'max_attempts', /At most 10/],
      [{ max_attempts: 2.5, hold_hours: 1 }, 'max_attempts', /whole number/],
      [{ max_attempts: 2, hold_hours: 169 }, 'hold_hours', /At most 168/],
      [{ max_attempts: 2 }, 'hold_hours', /hold time/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('PUT', context.adminToken, payload);
      assert.equal(response.statusCode, 422, `${JSON.stringify(payload)}: ${response.body}`);
      const errors = (response.json() as { errors: Record<string, string[]> }).errors;
      assert.match(errors[field]?.[0] ?? '', message, JSON.stringify(errors));
    }
    const unknown = await call('PUT', context.adminToken, { max_attempts: 2, hold_hours: 1, retries: 9 });
    assert.equal(unknown.statusCode, 422, unknown.body);
    assert.deepEqual((await call('GET', context.adminToken)).json(), before);
  });

  test('viewing needs distribution.rule.view, saving distribution.rule.update', async () => {
    const viewer = await context.userWith(['distribution.rule.view'], 'Settings viewer');
    assert.equal((await call('GET', viewer.token)).statusCode, 200);
    assert.equal((await call('PUT', viewer.token, { max_attempts: 1, hold_hours: 1 })).statusCode, 403);
    const nobody = await context.userWith(['dashboard.view'], 'No distribution');
    assert.equal((await call('GET', nobody.token)).statusCode, 403);
    const editor = await context.userWith(['distribution.rule.update'], 'Settings editor');
    assert.equal((await call('PUT', editor.token, { max_attempts: 4, hold_hours: 12 })).statusCode, 200);
  });
});
