import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allPermissions, isAllowed, type Permission, type PermissionRule } from '@crm/shared/contract';
import { isPublicRoute, publicRoutes } from '../src/http/access.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

/** A concrete URL for a route pattern. */
const concrete = (url: string) => url.replace(':id', '1').replace(':lng', 'en');

/** A permission that does not satisfy the rule: the user holding only it must get 403. */
function permissionsDenying(rule: PermissionRule): Permission[] {
  return allPermissions.filter((permission) => !isAllowed([permission], rule)).slice(0, 5);
}

describe('every registered route enforces its access rule', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext();
  });
  after(() => context.close());

  test('the public routes are exactly the ones listed', () => {
    const publicOnes = context.app.registeredRoutes.filter((route) => route.access === 'public' && !/^\/api(\/v1)?\/docs/.test(route.url));
    assert.deepEqual(publicOnes.map((route) => `${route.method} ${route.url}`).sort(), [...publicRoutes].sort());
    assert.ok(context.app.registeredRoutes.length > 20, 'routes were registered');
  });

  test('401 without a token, with a malformed one, and with an unknown one', async () => {
    const guarded = context.app.registeredRoutes.filter((route) => route.access !== 'public');
    for (const route of guarded) {
      for (const headers of [{}, { authorization: 'Token abc' }, bearer('not-a-real-token')]) {
        const response = await context.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers });
        assert.equal(response.statusCode, 401, `${route.method} ${route.url} ${JSON.stringify(headers)}`);
        assert.deepEqual(response.json(), { message: 'Unauthenticated.' });
      }
    }
  });

  test('403 with a valid token lacking the route permission', async () => {
    const ruled = context.app.registeredRoutes.filter((route) => route.access !== 'public' && route.access !== 'authenticated');
    assert.ok(ruled.length > 15);
    for (const route of ruled) {
      const rule = route.access as PermissionRule;
      const user = await context.userWith(permissionsDenying(rule));
      const response = await context.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: bearer(user.token) });
      assert.equal(response.statusCode, 403, `${route.method} ${route.url}`);
      assert.deepEqual(response.json(), { message: 'No permission' });
    }
  });

  test('a token holding exactly the route permission gets past the gate', async () => {
    const ruled = context.app.registeredRoutes.filter((route) => route.access !== 'public' && route.access !== 'authenticated');
    for (const route of ruled) {
      const rule = route.access as PermissionRule;
      const needed = typeof rule === 'string' ? [rule] : [rule.anyOf[0]!];
      const user = await context.userWith(needed);
      const response = await context.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: bearer(user.token) });
      assert.ok(![401, 403].includes(response.statusCode), `${route.method} ${route.url} answered ${response.statusCode}`);
    }
  });

  test('isPublicRoute treats HEAD like GET and nothing else as public', () => {
    assert.ok(isPublicRoute('HEAD', '/api/health'));
    assert.ok(!isPublicRoute('GET', '/api/profile'));
    assert.ok(isPublicRoute('GET', '/api/docs/json'));
  });
});
