/** The sidebar entries bench:nav clicks: one per remote, from the route table and the English texts. */
import { routeTable } from '@crm/shared/routes';
import { translate } from '../stack/english.ts';
import type { MenuTarget } from './navProbe.ts';

export type Entry = MenuTarget & { label: string };

/** A menu entry from the route table: its remote, its group's English name and its label. */
export function entry(path: string): Entry {
  const route = routeTable.find((candidate) => candidate.path === path);
  if (!route || route.menu === null) throw new Error(`${path} has no menu entry`);
  const group = route.menu === 'top' ? null : translate(`menu.groups.${route.menu}`);
  return { path, group, remote: route.remote, label: group ? `${group} › ${translate(route.titleKey)}` : translate(route.titleKey) };
}

// Each target starts from a page of another remote, so the target is cold and the start is warm.
export const cases = [
  { target: entry('dashboard'), start: entry('lead/search') },
  ...['lead/search', 'broker/search', 'management/users', 'settings/source/random/statuses/search'].map((path) => ({ target: entry(path), start: entry('dashboard') })),
];
// Reference: another page of a remote already loaded (its entry and shared modules are in; only the page's chunk is not).
export const reference = { after: 'settings/source/random/statuses/search', entry: entry('settings/tags') };
