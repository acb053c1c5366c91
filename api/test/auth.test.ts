import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { loginResponse, profile } from '@crm/shared/contract';
import { sessions } from '../src/db/schema/index.ts';
import { adminEmail, adminPassword, bearer, createTestContext, type TestContext } from './helpers.ts';

describe('login, profile, logout and browser sessions', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext({ loginRateLimit: 5 });
  });
  after(() => context.close());

  test('login returns the user, permissions and a bearer token; the token is stored only hashed', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/login', payload: { email: ' Admin@Example.com ', password: adminPassword } });
    assert.equal(response.statusCode, 200);
    const body = loginResponse.parse(response.json());
    assert.equal(body.data.token_type, 'Bearer');
    assert.equal(body.data.user.email, adminEmail);
    assert.ok(body.data.permissions.includes('dashboard.view'));
    assert.ok(new Date(body.data.expires_at).getTime() > Date.now());
    const stored = await context.database.db.select({ hash: sessions.token_hash }).from(sessions);
    assert.ok(stored.length > 0);
    assert.ok(stored.every((row) => row.hash !== body.data.access_token && row.hash.length === 64));
  });

  test('wrong credentials give 422 with the message under email, for unknown and known e-mails alike', async () => {
    for (const payload of [
      { email: adminEmail, password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'whatever' },
    ]) {
      const response = await context.app.inject({ method: 'POST', url: '/api/login', headers: { 'x-forwarded-for': payload.email }, payload });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), {
        message: 'These credentials do not match our records.',
        errors: { email: ['These credentials do not match our records.'] },
      });
    }
  });

  test('login is rate-limited per ip and e-mail', async () => {
    const payload = { email: 'someone-guessing@example.com', password: 'wrong' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      statuses.push((await context.app.inject({ method: 'POST', url: '/api/login', payload })).statusCode);
    }
    assert.deepEqual(statuses, [422, 422, 422, 422, 422, 429, 429]);
    // Another e-mail from the same address still gets through.
    const other = await context.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'manager@example.com', password: 'demo-password' } });
    assert.equal(other.statusCode, 200);
  });

  test('profile carries the session fields', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(context.adminToken) });
    assert.equal(response.statusCode, 200);
    const body = profile.parse((response.json() as { data: unknown }).data);
    assert.equal(body.name, 'Administrator');
    assert.equal(body.is_sender, true);
    assert.equal(body.total_notifications, 0);
    assert.deepEqual(body.settings, []);
  });

  test('a limited user gets only their permissions', async () => {
    const token = await context.login('agent@example.com', 'demo-password');
    const response = await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    assert.deepEqual((response.json() as { data: { permissions: string[] } }).data.permissions, ['lead.single.view', 'lead.view']);
  });

  test('logout revokes only the current token', async () => {
    const first = await context.login(adminEmail, adminPassword);
    const second = await context.login(adminEmail, adminPassword);
    const logout = await context.app.inject({ method: 'DELETE', url: '/api/logout', headers: bearer(first) });
    assert.equal(logout.statusCode, 200);
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(first) })).statusCode, 401);
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(second) })).statusCode, 200);
  });

  test('sessions list marks the current one; logging out the others stops their tokens at once', async () => {
    const user = await context.userWith(['user.profile.view']);
    const other = await context.login(user.email, user.password, 'Other browser');
    const listed = await context.app.inject({ method: 'GET', url: '/api/profile/sessions', headers: bearer(user.token) });
    const list = (listed.json() as { data: { is_current: boolean; user_agent: string | null }[] }).data;
    assert.equal(list.length, 2);
    assert.equal(list.filter((session) => session.is_current).length, 1);
    assert.ok(list.some((session) => session.user_agent === 'Other browser'));

    // Just used, so this process holds it as checked (sessionCache.ts): the revoke must still count at once.
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(other) })).statusCode, 200);
    const revoke = await context.app.inject({ method: 'DELETE', url: '/api/profile/sessions/others', headers: bearer(user.token) });
    assert.equal(revoke.statusCode, 200);
    assert.equal((revoke.json() as { data: { revoked: number } }).data.revoked, 1);
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(other) })).statusCode, 401);
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(user.token) })).statusCode, 200);
  });

  test('an expired session is refused', async () => {
    const user = await context.userWith([]);
    await context.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.user_id, user.id));
    const response = await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(user.token) });
    assert.equal(response.statusCode, 401);
  });

  test('CORS answers only the configured origins', async () => {
    const allowed = await context.app.inject({ method: 'OPTIONS', url: '/api/profile', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' } });
    assert.equal(allowed.headers['access-control-allow-origin'], 'http://localhost:3000');
    const refused = await context.app.inject({ method: 'OPTIONS', url: '/api/profile', headers: { origin: 'http://evil.example', 'access-control-request-method': 'GET' } });
    assert.equal(refused.headers['access-control-allow-origin'], undefined);
  });

  test('a 401 or 403 still carries the CORS header, so the browser can read the status', async () => {
    const origin = { origin: 'http://localhost:3000' };
    const unauthenticated = await context.app.inject({ method: 'GET', url: '/api/profile', headers: origin });
    assert.equal(unauthenticated.statusCode, 401);
    assert.equal(unauthenticated.headers['access-control-allow-origin'], 'http://localhost:3000');
    const user = await context.userWith([]);
    const forbidden = await context.app.inject({ method: 'GET', url: '/api/settings/tag/all', headers: { ...origin, ...bearer(user.token) } });
    assert.equal(forbidden.statusCode, 403);
    assert.equal(forbidden.headers['access-control-allow-origin'], 'http://localhost:3000');
  });

  test('responses carry security headers', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.ok(response.headers['strict-transport-security']);
  });
});

describe('login attempts from one address', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext({ loginRateLimit: 5, loginIpRateLimit: 8 });
  });
  after(() => context.close());

  test('are capped across e-mails, so one address cannot try a few passwords on every account', async () => {
    const attempt = (email: string, remoteAddress: string) => context.app.inject({ method: 'POST', url: '/api/login', remoteAddress, payload: { email, password: 'wrong-guess' } });
    const statuses: number[] = [];
    for (let account = 0; account < 10; account += 1) statuses.push((await attempt(`account${account}@example.com`, '203.0.113.9')).statusCode);
    assert.deepEqual(statuses, [...Array(8).fill(422), 429, 429]);
    assert.equal((await attempt('account0@example.com', '203.0.113.10')).statusCode, 422, 'another address is not capped');
  });
});
