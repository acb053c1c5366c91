/**
 * The roles option list of the store (GET /management/role/all, SPEC §6: loaded only with
 * management.user.create or update). The host's background cycle refreshes it; a page that needs it
 * loads it at once when it has not been loaded yet.
 */
import { useEffect, useMemo } from 'react';
import { fetchOptionList, getJson, mayLoadOption, useAccess, useAppDispatch, useAppSelector } from '@crm/shared';

export type RoleChoice = { value: number; label: string };

function isRoleOption(item: unknown): item is { id: number; name: string } {
  if (typeof item !== 'object' || item === null) return false;
  const candidate = item as { id?: unknown; name?: unknown };
  return typeof candidate.id === 'number' && typeof candidate.name === 'string';
}

export function useRoleChoices(): { choices: RoleChoice[]; loading: boolean; available: boolean } {
  const dispatch = useAppDispatch();
  const { permissions } = useAccess();
  const list = useAppSelector((state) => state.options.roles);
  const available = mayLoadOption('roles', permissions);
  const untouched = !list.loaded && !list.loading && !list.failed;

  useEffect(() => {
    if (available && untouched) void dispatch(fetchOptionList({ name: 'roles', get: getJson }));
  }, [available, untouched, dispatch]);

  const choices = useMemo(() => list.data.filter(isRoleOption).map((role) => ({ value: role.id, label: role.name })), [list.data]);
  return { choices, loading: list.loading, available };
}

/** Reloads the roles option list after a role was created, renamed or deleted, for a user who may load it. */
export function useRefreshRoleChoices(): () => void {
  const dispatch = useAppDispatch();
  const { permissions } = useAccess();
  return () => {
    if (mayLoadOption('roles', permissions)) void dispatch(fetchOptionList({ name: 'roles', get: getJson }));
  };
}
