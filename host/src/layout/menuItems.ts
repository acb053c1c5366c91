/** Sidebar entries from the route table: only those the user may view, in groups (SPEC §2 Layout). */
import { isAllowed } from '@crm/shared/access';
import { menuGroups, routeTable, type MenuGroup } from '@crm/shared/routes';

export type MenuEntry = { path: string; titleKey: string };
export type MenuSection = { group: MenuGroup | 'top'; entries: MenuEntry[] };

export function visibleMenu(permissions: readonly string[]): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const group of ['top', ...menuGroups] as const) {
    const entries = routeTable
      .filter((route) => route.menu === group && isAllowed(permissions, route.permission))
      .map((route) => ({ path: `/${route.path}`, titleKey: route.titleKey }));
    if (entries.length > 0) sections.push({ group, entries });
  }
  return sections;
}
