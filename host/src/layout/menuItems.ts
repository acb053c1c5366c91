/** Sidebar entries from the route table: only those the user may view, in groups (docs/product.md#layout). */
import { isAllowed } from '@crm/shared/access';
import { matchPath } from 'react-router-dom';
import { menuGroups, routeTable, type MenuGroup } from '@crm/shared/routes';

type MenuEntry = { path: string; titleKey: string };
export type MenuSection = { group: MenuGroup | 'top'; entries: MenuEntry[] };

export function visibleMenu(permissions: readonly string[]): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const group of ['top', ...menuGroups] as const) {
    const entries = routeTable.filter((route) => route.menu === group && isAllowed(permissions, route.permission)).map((route) => ({ path: `/${route.path}`, titleKey: route.titleKey }));
    if (entries.length > 0) sections.push({ group, entries });
  }
  return sections;
}

/**
 * The sidebar entry to mark on `pathname`: the page's own entry, or for a page without one (a lead's profile, a
 * user's edit form) the entry it is reached from (`within` in the route table).
 */
export function menuPathOf(pathname: string): string | undefined {
  const route = routeTable.find((entry) => matchPath(`/${entry.path}`, pathname) !== null);
  if (!route) return undefined;
  if (route.menu !== null) return `/${route.path}`;
  return 'within' in route ? `/${route.within}` : undefined;
}
