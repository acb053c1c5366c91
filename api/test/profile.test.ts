import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Profile } from '@crm/shared/contract';
import { adminEmail, bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

type Errors = { message: string; errors?: Record<string, string[]> };

describe("the profile's own changes", () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext();
  });
  after(() => context.close());

  const put = (url: string, token: string, payload: object) => context.app.inject({ method: 'PUT', url, headers: bearer(token), payload });
  const profileOf = async (token: string) => (await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).json() as { data: Profile };

  async function assertRefused(request: () => Promise<{ statusCode: number; json(): unknown }>): Promise<Errors> {
    const before = await tableFingerprint(context.database);
    const snapshot = await context.database.pool.query('select name, email, locale, password_hash from users order by id');
    const response = await request();
    assert.equal(response.statusCode, 422, JSON.stringify(response.json()));
    assert.deepEqual(await tableFingerprint(context.database), before);
    assert.deepEqual((await context.database.pool.query('select name, email, locale, password_hash from users order by id')).rows, snapshot.rows);
    return response.json() as Errors;
  }

  test('name, e-mail and locale change and the answer is the profile as GET /profile gives it', async () => {
    const user = await context.userWith(['user.profile.update', 'user.profile.view']);
    const response = await put('/api/profile', user.token, { name: 'Renamed Person', email: ' Renamed.Person@Example.com ', locale: 'de' });
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json() as { message: string; data: Profile };
    assert.equal(body.message, 'Settings successfully updated');
    assert.deepEqual(body.data, (await profileOf(user.token)).data);
    assert.equal(body.data.name, 'Renamed Person');
    assert.equal(body.data.email, 'renamed.person@example.com');
    assert.equal(body.data.locale, 'de');
    assert.deepEqual(body.data.permissions, ['user.profile.update', 'user.profile.view']);
    await context.login('renamed.person@example.com', user.password);

    // Keeping one's own e-mail is not a clash.
    assert.equal((await put('/api/profile', user.token, { email: 'RENAMED.person@example.com' })).statusCode, 200);
  });

  test("another user's e-mail, in any case, and bad fields are refused and change nothing", async () => {
    const user = await context.userWith(['user.profile.update']);
    const taken = await assertRefused(() => put('/api/profile', user.token, { email: adminEmail.toUpperCase() }));
    assert.deepEqual(taken.errors, { email: ['The email has already been taken.'] });
    assert.ok((await assertRefused(() => put('/api/profile', user.token, { email: 'nope' }))).errors?.['email']);
    assert.ok((await assertRefused(() => put('/api/profile', user.token, { name: '' }))).errors?.['name']);
    assert.ok((await assertRefused(() => put('/api/profile', user.token, { is_sender: true }))).errors?.['is_sender']);
    await assertRefused(() => put('/api/profile', user.token, {}));
  });

  test('changes need user.profile.update', async () => {
    const viewer = await context.userWith(['user.profile.view']);
    for (const [url, payload] of [
      ['/api/profile', { name: 'Nope' }],
      ['/api/profile/password', { current_password: viewer.password, password: 'another-secret-9', password_confirmation: 'another-secret-9' }],
    ] as const) {
      const response = await put(url, viewer.token, payload);
      assert.equal(response.statusCode, 403, url);
      assert.deepEqual(response.json(), { message: 'No permission' });
    }
  });

  test('a wrong current password, a mismatched confirmation or a weak password are refused and change nothing', async () => {
    const user = await context.userWith(['user.profile.update']);
    const wrong = await assertRefused(() =>
      put('/api/profile/password', user.token, { current_password: 'not-my-password', password: 'another-secret-9', password_confirmation: 'another-secret-9' }),
    );
    assert.deepEqual(wrong.errors, { current_password: ['The current password is incorrect.'] });
    const mismatch = await assertRefused(() =>
      put('/api/profile/password', user.token, { current_password: user.password, password: 'another-secret-9', password_confirmation: 'another-secret-8' }),
    );
    assert.deepEqual(mismatch.errors, { password_confirmation: ['The password confirmation does not match.'] });
    const same = await assertRefused(() => put('/api/profile/password', user.token, { current_password: user.password, password: user.password, password_confirmation: user.password }));
    assert.ok(same.errors?.['password']?.includes('The new password must differ from the current one.'), JSON.stringify(same.errors));
    for (const weak of ['short-1', 'no-digits-at-all', '123456789012', 'aaaaaaaaaa12']) {
      const refused = await assertRefused(() => put('/api/profile/password', user.token, { current_password: user.password, password: weak, password_confirmation: weak }));
      assert.ok(refused.errors?.['password'], weak);
    }
    assert.equal((await profileOf(user.token)).data.id, user.id, 'still signed in');
  });

  test('guessing the current password is rate-limited per user', async () => {
    const user = await context.userWith(['user.profile.update']);
    const guess = (attempt: number) =>
      put('/api/profile/password', user.token, { current_password: `guess-number-${attempt}`, password: 'another-secret-9', password_confirmation: 'another-secret-9' });
    for (let attempt = 1; attempt <= 10; attempt += 1) assert.equal((await guess(attempt)).statusCode, 422);
    assert.equal((await guess(11)).statusCode, 429);
    const other = await context.userWith(['user.profile.update']);
    const otherGuess = await put('/api/profile/password', other.token, { current_password: 'wrong-one-1', password: 'another-secret-9', password_confirmation: 'another-secret-9' });
    assert.equal(otherGuess.statusCode, 422, 'another user is not limited');
  });

  test('a changed password signs out the other sessions, keeps this one and is the one that logs in', async () => {
    const user = await context.userWith(['user.profile.update', 'user.profile.view']);
    const other = await context.login(user.email, user.password, 'other-browser');
    const newPassword = 'a-better-secret-2024';
    const response = await put('/api/profile/password', user.token, { current_password: user.password, password: newPassword, password_confirmation: newPassword });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { message: 'Password changed.' });

    assert.equal((await context.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(other) })).statusCode, 401);
    assert.equal((await profileOf(user.token)).data.id, user.id);
    const sessions = (await context.app.inject({ method: 'GET', url: '/api/profile/sessions', headers: bearer(user.token) })).json() as { data: { is_current: boolean }[] };
    assert.deepEqual(
      sessions.data.map((session) => session.is_current),
      [true],
    );

    const stored = await context.database.pool.query<{ password_hash: string }>('select password_hash from users where id = $1', [user.id]);
    assert.match(stored.rows[0]?.password_hash ?? '', /^\$argon2id\$/);
    await assert.rejects(context.login(user.email, user.password));
    const fresh = await context.login(user.email, newPassword);
    assert.equal((await profileOf(fresh)).data.id, user.id);
  });
});
