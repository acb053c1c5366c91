import { useCallback } from 'react';
import { isAllowed, type PermissionRule } from '../../contract/access.ts';
import { useAppSelector } from '../store/hooks.ts';
import { selectPermissions } from '../store/session.ts';

/** `can(rule)` for buttons, columns and menu entries; the API enforces the same rules. */
export function useAccess(): { can(rule: PermissionRule): boolean; permissions: readonly string[] } {
  const permissions = useAppSelector(selectPermissions);
  const can = useCallback((rule: PermissionRule) => isAllowed(permissions, rule), [permissions]);
  return { can, permissions };
}

/**
 * A lead-settings item is visible if the user lacks hide.non_privileged, or has
 * lead.settings.{section} (docs/product.md#permissions).
 */
export function leadSettingVisible(permissions: readonly string[], section: string): boolean {
  return !permissions.includes('hide.non_privileged') || permissions.includes(`lead.settings.${section}`);
}
