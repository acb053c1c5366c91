import { routeTable } from '@crm/shared/routes';
import { menuPathOf, visibleMenu } from './menuItems.ts';

test('shows nothing to a user without view permissions', () => {
  expect(visibleMenu([])).toEqual([]);
  expect(visibleMenu(['options.users.all', 'hide.non_privileged'])).toEqual([]);
});

test('shows only the permitted entries, in their groups and in route-table order', () => {
  expect(visibleMenu(['dashboard.view', 'lead.black_list.view', 'lead.view', 'settings.tag.view'])).toEqual([
    { group: 'top', entries: [{ path: '/dashboard', titleKey: 'menu.dashboard' }] },
    {
      group: 'leads',
      entries: [
        { path: '/lead/search', titleKey: 'menu.leads.search' },
        { path: '/lead/black_list', titleKey: 'menu.leads.blacklist' },
      ],
    },
    { group: 'settings', entries: [{ path: '/settings/tags', titleKey: 'menu.settings.tags' }] },
  ]);
});

test('leaves out a group with no permitted entry', () => {
  const groups = visibleMenu(['broker.view']).map((section) => section.group);
  expect(groups).toEqual(['brokers']);
});

test('never lists pages without a menu entry, such as a lead profile or a user edit page', () => {
  expect(visibleMenu(['lead.single.view', 'management.user.update', 'user.profile.view', 'settings.request.view'])).toEqual([]);
});

test('the request log (no menu entry) marks no entry: not Brokers › Send integrations', () => {
  expect(menuPathOf('/settings/requests')).toBeUndefined();
});

test('lists every menu page of the route table, once, for a user holding every permission', () => {
  const paths = visibleMenu(routeTable.map((route) => route.permission)).flatMap((section) => section.entries.map((entry) => entry.path));
  const menuPages = routeTable.filter((route) => route.menu !== null).map((route) => `/${route.path}`);
  expect([...paths].sort()).toEqual([...menuPages].sort());
});

test('marks a page by its own entry, or by the entry it is reached from', () => {
  expect(menuPathOf('/lead/search')).toBe('/lead/search');
  expect(menuPathOf('/lead/single/42')).toBe('/lead/search');
  expect(menuPathOf('/management/user/7/edit')).toBe('/management/users');
  expect(menuPathOf('/broker/department/3/histories/view')).toBe('/broker/department/search');
  expect(menuPathOf('/profile/jobs')).toBeUndefined();
  expect(menuPathOf('/nowhere')).toBeUndefined();
});

test('every page reached from an entry names a route that has one', () => {
  const menuPaths = new Set(routeTable.filter((route) => route.menu !== null).map((route) => route.path));
  const reachedFrom = routeTable.flatMap((route) => ('within' in route ? [route.within] : []));
  expect(reachedFrom.length).toBeGreaterThan(0);
  for (const path of reachedFrom) expect(menuPaths).toContain(path);
});
