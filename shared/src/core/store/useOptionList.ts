/**
 * An option list of the shared store for a screen that needs it now: loaded at once if the background cycle
 * has not loaded it yet and the user may load it (SPEC §6 gates); `reload` after a change to what it lists.
 * `Item` is the list's item shape as the API sends it (`@crm/shared/contract` options).
 */
import { useCallback, useEffect } from 'react';
import { getJson } from '../http/client.ts';
import { fetchOptionList, mayLoadOption, type OptionListName } from './options.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { selectPermissions } from './session.ts';

export function useOptionList<Item = unknown>(name: OptionListName): { data: Item[]; loading: boolean; available: boolean; reload(): void } {
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.options[name]);
  const available = mayLoadOption(name, useAppSelector(selectPermissions));
  const untouched = !list.loaded && !list.loading && !list.failed;
  const reload = useCallback(() => {
    if (available) void dispatch(fetchOptionList({ name, get: getJson }));
  }, [available, dispatch, name]);
  useEffect(() => {
    if (untouched) reload();
  }, [untouched, reload]);
  return { data: list.data as Item[], loading: list.loading, available, reload };
}
