import { landingPath } from './landing.ts';

test('lands on the dashboard with dashboard.view', () => {
  expect(landingPath(['lead.view', 'dashboard.view'])).toBe('/dashboard');
});

test('lands on the lead search without dashboard.view', () => {
  expect(landingPath(['lead.view'])).toBe('/lead/search');
  expect(landingPath([])).toBe('/lead/search');
});
