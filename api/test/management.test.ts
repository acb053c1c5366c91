import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allPermissions, type Permission, type RoleItem, type UserItem } from '@crm/shared/contract';
import { adminEmail, bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

type Page<Item> = { data: Item[]; meta: { current_page: number; per_page: number; total: number; last_page: number } };
type Errors = { message: string; errors?: Record<string, string[]> };

const strongPassword = 'correct-horse-42';

describe('users, roles and permissions management', () => {
  let context: TestContext;
  let adminId: number;
  let administratorRoleId: number;
  let agentRoleId: number;

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) {
    return context.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  }
  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => call(method, url, context.adminToken, payload);

  async function roleIdNamed(name: string): Promise<number> {
    const page = (await asAdmin('GET', `/api/management/role?search=${encodeURIComponent(name)}`)).json() as Page<RoleItem>;
    const role = page.data.find((item) => item.name === name);
    assert.ok(role, `role ${name} exists`);
    return role.id;
  }

  /** The request is refused with this status and the database is left exactly as it was. */
  async function assertRefused(status: number, request: () => Promise<{ statusCode: number; json(): unknown }>): Promise<Errors> {
    const before = await tableFingerprint(context.database);
    const response = await request();
    assert.equal(response.statusCode, status, JSON.stringify(response.json()));
    assert.deepEqual(await tableFingerprint(context.database), before);
    return response.json() as Errors;
  }

  before(async () => {
    context = await createTestContext();
    const profile = (await asAdmin('GET', '/api/profile')).json() as { data: { id: number } };
    adminId = profile.data.id;
    administratorRoleId = await roleIdNamed('Administrator');
    agentRoleId = await roleIdNamed('Agent');
  });
  after(() => context.close());

  test('a user is created with roles, read, listed, updated and deleted; the password is hashed and never returned', async () => {
    const created = await asAdmin('POST', '/api/management/user', { name: 'Dana Life', email: ' Dana.Life@Example.com ', password: strongPassword, roles: [agentRoleId] });
    assert.equal(created.statusCode, 201, created.body);
    const { message, data } = created.json() as { message: string; data: UserItem };
    assert.equal(message, 'User successfully created.');
    assert.equal(data.email, 'dana.life@example.com');
    assert.deepEqual(data.roles, [{ id: agentRoleId, name: 'Agent' }]);
    assert.equal(data.is_sender, false);
    assert.doesNotMatch(created.body, /password/);

    const stored = await context.database.pool.query<{ password_hash: string }>('select password_hash from users where id = $1', [data.id]);
    assert.match(stored.rows[0]?.password_hash ?? '', /^\$argon2id\$/);
    const token = await context.login('dana.life@example.com', strongPassword);
    const profile = (await call('GET', '/api/profile', token)).json() as { data: { permissions: string[] } };
    assert.deepEqual(profile.data.permissions, ['lead.single.view', 'lead.view']);

    const shown = await asAdmin('GET', `/api/management/user/${data.id}`);
    assert.equal(shown.statusCode, 200);
    assert.deepEqual((shown.json() as { data: UserItem }).data, data);
    assert.doesNotMatch(shown.body, /password/);

    const updated = await asAdmin('PUT', `/api/management/user/${data.id}`, { name: 'Dana Renamed', is_sender: true, roles: [administratorRoleId, agentRoleId] });
    assert.equal(updated.statusCode, 200, updated.body);
    const after = updated.json() as { message: string; data: UserItem };
    assert.equal(after.message, 'User successfully updated.');
    assert.equal(after.data.name, 'Dana Renamed');
    assert.equal(after.data.is_sender, true);
    assert.deepEqual(
      after.data.roles.map((role) => role.name),
      ['Administrator', 'Agent'],
    );
    // Without a new password the user's sessions live on.
    assert.equal((await call('GET', '/api/profile', token)).statusCode, 200);

    const listed = (await asAdmin('GET', '/api/management/user?search=renamed')).json() as Page<UserItem>;
    assert.deepEqual(
      listed.data.map((user) => user.id),
      [data.id],
    );
    assert.doesNotMatch(JSON.stringify(listed), /password/);

    const deleted = await asAdmin('DELETE', `/api/management/user/${data.id}`);
    assert.deepEqual(deleted.json(), { message: 'User successfully deleted.' });
    assert.equal((await asAdmin('GET', `/api/management/user/${data.id}`)).statusCode, 404);
    assert.equal((await call('GET', '/api/profile', token)).statusCode, 401);
  });

  test('a role is created with permissions, read, listed with its member count, updated and deleted', async () => {
    const created = await asAdmin('POST', '/api/management/role', { name: 'Auditor', permissions: ['lead.view', 'management.permission.view', 'lead.view'] });
    assert.equal(created.statusCode, 201, created.body);
    const { message, data } = created.json() as { message: string; data: RoleItem };
    assert.equal(message, 'Role successfully created.');
    assert.equal(data.guard_name, 'web');
    assert.deepEqual(data.permissions, ['lead.view', 'management.permission.view']);
    assert.equal(data.users_count, 0);

    await asAdmin('POST', '/api/management/user', { name: 'Ann Auditor', email: 'ann.auditor@example.com', password: strongPassword, roles: [data.id] });
    const shown = (await asAdmin('GET', `/api/management/role/${data.id}`)).json() as { data: RoleItem };
    assert.equal(shown.data.users_count, 1);

    const updated = await asAdmin('PUT', `/api/management/role/${data.id}`, { name: 'Senior auditor', permissions: ['lead.export'] });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal((updated.json() as { message: string }).message, 'Role successfully updated.');
    assert.deepEqual((updated.json() as { data: RoleItem }).data.permissions, ['lead.export']);

    const listed = (await asAdmin('GET', '/api/management/role?search=senior')).json() as Page<RoleItem>;
    assert.deepEqual(
      listed.data.map((role) => [role.name, role.users_count]),
      [['Senior auditor', 1]],
    );

    // Held by Ann: refused, saying how many hold it, and nothing changes.
    const held = await asAdmin('DELETE', `/api/management/role/${data.id}`);
    assert.deepEqual([held.statusCode, held.json()], [409, { message: '1 user holds this role: give them another role before deleting it.' }]);
    const member = (await asAdmin('GET', '/api/management/user?search=ann.auditor')).json() as Page<UserItem>;
    assert.deepEqual(
      member.data[0]?.roles.map((role) => role.id),
      [data.id],
    );
    assert.equal((await asAdmin('PUT', `/api/management/user/${member.data[0]!.id}`, { roles: [] })).statusCode, 200);
    assert.deepEqual((await asAdmin('DELETE', `/api/management/role/${data.id}`)).json(), { message: 'Role successfully deleted.' });
    assert.equal((await asAdmin('GET', `/api/management/role/${data.id}`)).statusCode, 404);
  });

  test('bad user bodies get a 422 naming the field and change nothing', async () => {
    const valid = { name: 'Val Idation', email: 'val@example.com', password: strongPassword };
    const cases: { body: object; field: string; message?: string }[] = [
      { body: { ...valid, password: 'short1a' }, field: 'password' },
      { body: { ...valid, password: 'onlyletters-no-digits' }, field: 'password' },
      { body: { ...valid, password: '12345678901234' }, field: 'password' },
      { body: { ...valid, password: 'aaaaaaaaaaaa1' }, field: 'password', message: 'The password is too simple.' },
      { body: { ...valid, email: 'not-an-email' }, field: 'email' },
      { body: { ...valid, email: adminEmail.toUpperCase() }, field: 'email', message: 'The email has already been taken.' },
      { body: { ...valid, roles: [agentRoleId, 999_999] }, field: 'roles' },
    ];
    for (const { body, field, message } of cases) {
      const refused = await assertRefused(422, () => asAdmin('POST', '/api/management/user', body));
      assert.ok(refused.errors?.[field], `${JSON.stringify(body)} → ${JSON.stringify(refused)}`);
      if (message) assert.deepEqual(refused.errors[field], [message]);
    }
    const refused = await assertRefused(422, () => asAdmin('PUT', `/api/management/user/${adminId}`, { email: 'MANAGER@example.com' }));
    assert.deepEqual(refused.errors, { email: ['The email has already been taken.'] });
    const weak = await assertRefused(422, () => asAdmin('PUT', `/api/management/user/${adminId}`, { password: 'weak' }));
    assert.ok(weak.errors?.['password']);
    const unknownRole = await assertRefused(422, () => asAdmin('PUT', `/api/management/user/${adminId}`, { roles: [999_999] }));
    assert.ok(unknownRole.errors?.['roles']);
  });

  test('bad role bodies get a 422 naming the field and change nothing', async () => {
    const unknownPermission = await assertRefused(422, () => asAdmin('POST', '/api/management/role', { name: 'Ghost', permissions: ['lead.view', 'lead.fly'] }));
    assert.ok(
      Object.keys(unknownPermission.errors ?? {}).some((field) => field.startsWith('permissions')),
      JSON.stringify(unknownPermission),
    );
    const duplicate = await assertRefused(422, () => asAdmin('POST', '/api/management/role', { name: 'administrator' }));
    assert.deepEqual(duplicate.errors, { name: ['The name has already been taken.'] });
    const renamed = await assertRefused(422, () => asAdmin('PUT', `/api/management/role/${agentRoleId}`, { name: 'MANAGER' }));
    assert.deepEqual(renamed.errors, { name: ['The name has already been taken.'] });
    const empty = await assertRefused(422, () => asAdmin('POST', '/api/management/role', { name: '  ' }));
    assert.ok(empty.errors?.['name']);
    // The same name under another guard is another role, whose permissions must exist in that guard.
    const otherGuard = await assertRefused(422, () => asAdmin('POST', '/api/management/role', { name: 'Administrator', guard_name: 'api', permissions: ['lead.view'] }));
    assert.ok(otherGuard.errors?.['permissions']);
    const created = await asAdmin('POST', '/api/management/role', { name: 'Administrator', guard_name: 'api' });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal((await asAdmin('DELETE', `/api/management/role/${(created.json() as { data: RoleItem }).data.id}`)).statusCode, 200);
  });

  test('each call needs its exact permission', async () => {
    const viewer = await context.userWith(['management.user.view', 'management.role.view']);
    const editor = await context.userWith(['management.user.update', 'management.role.update']);
    const forbidden: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      [viewer.token, 'POST', '/api/management/user', { name: 'X', email: 'x@example.com', password: strongPassword }],
      [viewer.token, 'PUT', `/api/management/user/${adminId}`, { name: 'X' }],
      [viewer.token, 'DELETE', `/api/management/role/${agentRoleId}`],
      [viewer.token, 'GET', '/api/management/permission'],
      [viewer.token, 'GET', '/api/management/role/has/permissions'],
      [editor.token, 'GET', '/api/management/user'],
      [editor.token, 'DELETE', `/api/management/user/${viewer.id}`],
      [editor.token, 'POST', '/api/management/role', { name: 'X' }],
    ];
    for (const [token, method, url, payload] of forbidden) {
      const response = await call(method, url, token, payload);
      assert.equal(response.statusCode, 403, `${method} ${url}`);
      assert.deepEqual(response.json(), { message: 'No permission' });
    }
    // Reading one user or role is open to those who may view or update it.
    for (const token of [viewer.token, editor.token]) {
      assert.equal((await call('GET', `/api/management/user/${adminId}`, token)).statusCode, 200);
      assert.equal((await call('GET', `/api/management/role/${agentRoleId}`, token)).statusCode, 200);
    }
  });

  test('user list: pagination meta, search over name and e-mail, sorting both ways, role filter', async () => {
    const names = ['Pager Alpha', 'Pager Bravo', 'Pager Charlie'];
    for (const [index, name] of names.entries()) {
      const response = await asAdmin('POST', '/api/management/user', {
        name,
        email: `pager-${index}@paging.test`,
        password: strongPassword,
        roles: index === 1 ? [agentRoleId] : [],
      });
      assert.equal(response.statusCode, 201, response.body);
    }
    const first = (await asAdmin('GET', '/api/management/user?search=pager&per_page=2')).json() as Page<UserItem>;
    assert.deepEqual(first.meta, { current_page: 1, per_page: 2, total: 3, last_page: 2 });
    assert.deepEqual(
      first.data.map((user) => user.name),
      ['Pager Alpha', 'Pager Bravo'],
    );
    const second = (await asAdmin('GET', '/api/management/user?search=pager&per_page=2&page=2')).json() as Page<UserItem>;
    assert.deepEqual(
      second.data.map((user) => user.name),
      ['Pager Charlie'],
    );

    const byEmailDesc = (await asAdmin('GET', '/api/management/user?search=paging.test&sort=email&direction=desc')).json() as Page<UserItem>;
    assert.deepEqual(
      byEmailDesc.data.map((user) => user.email),
      ['pager-2@paging.test', 'pager-1@paging.test', 'pager-0@paging.test'],
    );
    const byNameDesc = (await asAdmin('GET', '/api/management/user?search=pager&sort=name&direction=desc')).json() as Page<UserItem>;
    assert.deepEqual(
      byNameDesc.data.map((user) => user.name),
      ['Pager Charlie', 'Pager Bravo', 'Pager Alpha'],
    );
    const byCreated = (await asAdmin('GET', '/api/management/user?search=pager&sort=created_at&direction=asc')).json() as Page<UserItem>;
    assert.deepEqual(
      byCreated.data.map((user) => user.name),
      names,
    );

    const agents = (await asAdmin('GET', `/api/management/user?role_id=${agentRoleId}`)).json() as Page<UserItem>;
    assert.deepEqual(agents.data.map((user) => user.email).sort(), ['agent@example.com', 'pager-1@paging.test']);
    assert.equal((await asAdmin('GET', '/api/management/user?sort=password_hash')).statusCode, 422);
    assert.equal((await asAdmin('GET', '/api/management/user?role_id=abc')).statusCode, 422);
  });

  test('role list: search and sorting both ways', async () => {
    const all = (await asAdmin('GET', '/api/management/role?sort=name')).json() as Page<RoleItem>;
    assert.deepEqual(
      all.data.map((role) => role.name),
      ['Administrator', 'Agent', 'Manager'],
    );
    assert.equal(all.meta.total, 3);
    const desc = (await asAdmin('GET', '/api/management/role?sort=name&direction=desc')).json() as Page<RoleItem>;
    assert.deepEqual(
      desc.data.map((role) => role.name),
      ['Manager', 'Agent', 'Administrator'],
    );
    const searched = (await asAdmin('GET', '/api/management/role?search=AGE')).json() as Page<RoleItem>;
    assert.deepEqual(
      searched.data.map((role) => role.name),
      ['Agent', 'Manager'],
    );
    const administrator = all.data.find((role) => role.name === 'Administrator');
    assert.deepEqual(administrator?.permissions, [...allPermissions].sort());
  });

  test('permission list: the catalogue, group filter, search, sorting', async () => {
    const first = (await asAdmin('GET', '/api/management/permission?per_page=500')).json() as Page<{ name: string; group: string; roles_count: number }>;
    assert.equal(first.meta.total, allPermissions.length);
    const groups = first.data.map((permission) => permission.group);
    assert.deepEqual(groups, [...groups].sort(), 'sorted by group by default');
    assert.equal(first.data.find((permission) => permission.name === 'lead.view')?.roles_count, 3);
    assert.equal(first.data.find((permission) => permission.name === 'management.user.view')?.roles_count, 1);

    const roleGroup = (await asAdmin('GET', '/api/management/permission?group=role&sort=name&direction=desc')).json() as Page<{ name: string }>;
    assert.deepEqual(
      roleGroup.data.map((permission) => permission.name),
      ['management.role.view', 'management.role.update', 'management.role.delete', 'management.role.create'],
    );
    const searched = (await asAdmin('GET', '/api/management/permission?search=role_has')).json() as Page<{ name: string }>;
    assert.deepEqual(
      searched.data.map((permission) => permission.name),
      ['management.role_has_permissions.view'],
    );
    const paged = (await asAdmin('GET', '/api/management/permission?per_page=10&page=2')).json() as Page<{ name: string }>;
    assert.deepEqual(paged.meta, { current_page: 2, per_page: 10, total: allPermissions.length, last_page: Math.ceil(allPermissions.length / 10) });
    assert.equal((await asAdmin('GET', '/api/management/permission?group=nope')).statusCode, 422);
  });

  test('role-has-permissions list: one row per role and permission, filters and search', async () => {
    type Pair = { role_id: number; role_name: string; permission_name: string; group: string };
    const agent = (await asAdmin('GET', `/api/management/role/has/permissions?role_id=${agentRoleId}&sort=permission_name`)).json() as Page<Pair>;
    assert.deepEqual(
      agent.data.map((pair) => [pair.role_name, pair.permission_name, pair.group]),
      [
        ['Agent', 'lead.single.view', 'single'],
        ['Agent', 'lead.view', 'lead'],
      ],
    );
    const administrator = (await asAdmin('GET', `/api/management/role/has/permissions?role_id=${administratorRoleId}&per_page=1`)).json() as Page<Pair>;
    assert.equal(administrator.meta.total, allPermissions.length);
    const roleGroup = (await asAdmin('GET', '/api/management/role/has/permissions?group=role')).json() as Page<Pair>;
    assert.deepEqual(new Set(roleGroup.data.map((pair) => pair.role_name)), new Set(['Administrator']));
    assert.equal(roleGroup.meta.total, 4);
    const searched = (await asAdmin('GET', '/api/management/role/has/permissions?search=lead.single&sort=role_name&direction=desc')).json() as Page<Pair>;
    assert.deepEqual(
      searched.data.map((pair) => pair.role_name),
      ['Manager', 'Agent', 'Administrator'],
    );
    const byRoleName = (await asAdmin('GET', '/api/management/role/has/permissions?search=agent')).json() as Page<Pair>;
    assert.equal(byRoleName.meta.total, 2);
  });

  test('nobody deletes themselves, and the last holder of every permission cannot be removed or downgraded', async () => {
    const self = await assertRefused(409, () => asAdmin('DELETE', `/api/management/user/${adminId}`));
    assert.equal(self.message, 'You cannot delete your own account.');

    const manager = await context.userWith(['management.user.delete', 'management.user.update', 'management.role.delete', 'management.role.update']);
    const lastHolder = /leave no user holding every permission/;
    assert.match((await assertRefused(409, () => call('DELETE', `/api/management/user/${adminId}`, manager.token))).message, lastHolder);
    assert.match((await assertRefused(409, () => call('PUT', `/api/management/user/${adminId}`, manager.token, { roles: [agentRoleId] }))).message, lastHolder);
    assert.match((await assertRefused(409, () => call('DELETE', `/api/management/role/${administratorRoleId}`, manager.token))).message, /^1 user holds this role/);
    const fewer = allPermissions.filter((permission) => permission !== 'lead.export');
    assert.match((await assertRefused(409, () => asAdmin('PUT', `/api/management/role/${administratorRoleId}`, { permissions: fewer }))).message, lastHolder);
    // The administrator still holds everything.
    assert.equal(((await asAdmin('GET', '/api/profile')).json() as { data: { permissions: string[] } }).data.permissions.length, allPermissions.length);

    // With a second holder (direct permissions), the role may lose a permission and the holder may go.
    const spare = await context.userWith(allPermissions);
    const narrowed = await asAdmin('PUT', `/api/management/role/${administratorRoleId}`, { permissions: fewer });
    assert.equal(narrowed.statusCode, 200, narrowed.body);
    assert.match((await assertRefused(409, () => asAdmin('DELETE', `/api/management/user/${spare.id}`))).message, lastHolder);
    const restored = await call('PUT', `/api/management/role/${administratorRoleId}`, spare.token, { permissions: [...allPermissions] });
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal((await asAdmin('DELETE', `/api/management/user/${spare.id}`)).statusCode, 200);
    assert.match((await assertRefused(409, () => call('DELETE', `/api/management/user/${adminId}`, manager.token))).message, lastHolder);
  });

  test("an administrator setting a user's password signs that user out everywhere", async () => {
    const created = await asAdmin('POST', '/api/management/user', { name: 'Reset Me', email: 'reset.me@example.com', password: strongPassword, roles: [agentRoleId] });
    const userId = (created.json() as { data: UserItem }).data.id;
    const tokens = [await context.login('reset.me@example.com', strongPassword), await context.login('reset.me@example.com', strongPassword, 'other-browser')];
    for (const token of tokens) assert.equal((await call('GET', '/api/profile', token)).statusCode, 200);

    const reset = await asAdmin('PUT', `/api/management/user/${userId}`, { password: 'brand-new-secret-7' });
    assert.equal(reset.statusCode, 200, reset.body);
    for (const token of tokens) assert.equal((await call('GET', '/api/profile', token)).statusCode, 401);
    await assert.rejects(context.login('reset.me@example.com', strongPassword));
    const fresh = await context.login('reset.me@example.com', 'brand-new-secret-7');
    assert.equal((await call('GET', '/api/profile', fresh)).statusCode, 200);
  });

  test("a permission removed from a role leaves the member's profile and is refused by the API at once", async () => {
    const granted: Permission[] = ['management.permission.view', 'user.profile.view'];
    const role = (await asAdmin('POST', '/api/management/role', { name: 'Catalogue reader', permissions: granted })).json() as { data: RoleItem };
    await asAdmin('POST', '/api/management/user', { name: 'Cat Reader', email: 'cat.reader@example.com', password: strongPassword, roles: [role.data.id] });
    const token = await context.login('cat.reader@example.com', strongPassword);
    const permissionsNow = async () => ((await call('GET', '/api/profile', token)).json() as { data: { permissions: string[] } }).data.permissions;
    assert.deepEqual(await permissionsNow(), granted);
    assert.equal((await call('GET', '/api/management/permission', token)).statusCode, 200);

    const narrowed = await asAdmin('PUT', `/api/management/role/${role.data.id}`, { permissions: ['user.profile.view'] });
    assert.equal(narrowed.statusCode, 200, narrowed.body);
    assert.deepEqual(await permissionsNow(), ['user.profile.view']);
    assert.equal((await call('GET', '/api/management/permission', token)).statusCode, 403);
  });
});
