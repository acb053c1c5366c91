import { landingPath, pathAfterSignIn } from './landing.ts';

test('lands on the dashboard with dashboard.view', () => {
  expect(landingPath(['lead.view', 'dashboard.view'])).toBe('/dashboard');
});

test('lands on the lead search without dashboard.view', () => {
  expect(landingPath(['lead.view'])).toBe('/lead/search');
  expect(landingPath([])).toBe('/lead/search');
});

test('after sign-in, opens the page asked for while signed out when the user may open it', () => {
  expect(pathAfterSignIn('/failed/lead/search?reason_code=DUPLICATE', ['failed.lead.view', 'dashboard.view'])).toBe('/failed/lead/search?reason_code=DUPLICATE');
  expect(pathAfterSignIn('/lead/single/42', ['lead.single.view'])).toBe('/lead/single/42');
});

test('after sign-in, lands as usual for a page not allowed, unknown, outside the console or none', () => {
  expect(pathAfterSignIn('/management/users', ['dashboard.view'])).toBe('/dashboard');
  expect(pathAfterSignIn('/no/such/page', ['lead.view'])).toBe('/lead/search');
  expect(pathAfterSignIn('//evil.example/lead/search', ['lead.view'])).toBe('/lead/search');
  expect(pathAfterSignIn('https://evil.example/', ['lead.view'])).toBe('/lead/search');
  expect(pathAfterSignIn(undefined, ['lead.view'])).toBe('/lead/search');
});
