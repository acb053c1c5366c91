/**
 * The role editor's permission matrix as data: the catalogue's permissions by group label, in
 * the catalogue's group order, and the pure selection changes the checkboxes make.
 */
import { permissionCatalogue, permissionGroups, type Permission, type PermissionGroup } from '@crm/shared/access';

export type PermissionSection = { group: PermissionGroup; permissions: readonly Permission[] };
export type GroupSelection = 'none' | 'some' | 'all';

export const permissionSections: readonly PermissionSection[] = permissionGroups
  .map((group) => ({ group, permissions: permissionCatalogue.filter((entry) => entry.group === group).map((entry): Permission => entry.name) }))
  .filter((section) => section.permissions.length > 0);

export const catalogueSize = permissionCatalogue.length;

export function groupSelection(section: PermissionSection, selected: ReadonlySet<string>): GroupSelection {
  const count = section.permissions.filter((name) => selected.has(name)).length;
  if (count === 0) return 'none';
  return count === section.permissions.length ? 'all' : 'some';
}

export function selectedInGroup(section: PermissionSection, selected: ReadonlySet<string>): number {
  return section.permissions.filter((name) => selected.has(name)).length;
}

/** Every permission of the group on or off; the rest of the selection is kept as it was. */
export function setGroup(selected: readonly Permission[], section: PermissionSection, checked: boolean): Permission[] {
  const inGroup = new Set<string>(section.permissions);
  const others = selected.filter((name) => !inGroup.has(name));
  return checked ? [...others, ...section.permissions] : others;
}

export function setPermission(selected: readonly Permission[], name: Permission, checked: boolean): Permission[] {
  const others = selected.filter((entry) => entry !== name);
  return checked ? [...others, name] : others;
}
