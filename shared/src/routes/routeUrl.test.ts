import { parseRouteId, routeUrl } from './index.ts';

test('a route without parameters is its path from the root', () => {
  expect(routeUrl('lead/search')).toBe('/lead/search');
});

test('parameters are filled in, encoded', () => {
  expect(routeUrl('lead/single/:id', { id: 42 })).toBe('/lead/single/42');
  expect(routeUrl('broker/department/:id/histories/view', { id: 'a/b' })).toBe('/broker/department/a%2Fb/histories/view');
});

test('the query keeps its defined values only', () => {
  expect(routeUrl('settings/requests', undefined, { lead_id: 7, send_integration_id: undefined })).toBe('/settings/requests?lead_id=7');
  expect(routeUrl('management/user/:id/edit', { id: 3 }, {})).toBe('/management/user/3/edit');
});

test.each([
  ['12', 12],
  ['2147483647', 2_147_483_647],
  ['2147483648', null],
  ['0', null],
  ['-3', null],
  ['1e3', null],
  ['0x10', null],
  [' 12', null],
  ['12.0', null],
  ['', null],
  [undefined, null],
])('the route id %p reads as %p', (raw, id) => {
  expect(parseRouteId(raw)).toBe(id);
});

test('a misspelled route, or a route without its parameter, is a type error (pnpm typecheck)', () => {
  // @ts-expect-error: the table has no 'lead/serch'
  expect(routeUrl('lead/serch')).toBe('/lead/serch');
  // @ts-expect-error: 'lead/single/:id' needs its id
  expect(routeUrl('lead/single/:id', { lead: 1 })).toBe('/lead/single/undefined');
});
