/**
 * The roles option list of the store (GET /management/role/all: loaded only with
 * management.user.create or update), as select choices.
 */
import { useMemo } from 'react';
import { useOptionList } from '@crm/shared';

export type RoleChoice = { value: number; label: string };

function isRoleOption(item: unknown): item is { id: number; name: string } {
  if (typeof item !== 'object' || item === null) return false;
  const candidate = item as { id?: unknown; name?: unknown };
  return typeof candidate.id === 'number' && typeof candidate.name === 'string';
}

export function useRoleChoices(): { choices: RoleChoice[]; loading: boolean; available: boolean; reload(): void } {
  const roles = useOptionList('roles');
  const choices = useMemo(() => roles.data.filter(isRoleOption).map((role) => ({ value: role.id, label: role.name })), [roles.data]);
  return { choices, loading: roles.loading, available: roles.available, reload: roles.reload };
}
