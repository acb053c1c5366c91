import type { Permission } from './permissions.ts';

/** What a route, menu entry or button needs: one permission, or any one of several. */
export type PermissionRule = Permission | { readonly anyOf: readonly Permission[] };

/** Deny by default: an empty or unknown rule grants nothing. */
export function isAllowed(held: readonly string[], rule: PermissionRule): boolean {
  if (typeof rule === 'string') return held.includes(rule);
  return rule.anyOf.length > 0 && rule.anyOf.some((permission) => held.includes(permission));
}

export function describeRule(rule: PermissionRule): string {
  return typeof rule === 'string' ? rule : rule.anyOf.join(' | ');
}
