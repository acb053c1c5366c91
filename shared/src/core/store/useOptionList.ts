/**
 * An option list of the shared store for a screen that needs it now: loaded at once if the background cycle
 * has not loaded it yet and the user may load it (its gate); `reload` after a change to what it lists.
 * `refetchOnMount`: fetched again each time the screen mounts, for a picker whose list another screen may just have
 * changed (a broker set up a moment ago).
 * `Item` is the list's item shape as the API sends it (`@crm/shared/contract` options).
 */
import { useCallback, useEffect } from 'react';
import { getJson } from '../http/client.ts';
import { fetchOptionList, mayLoadOption, type OptionListName } from './options.ts';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { selectPermissions } from './session.ts';

export function useOptionList<Item = unknown>(name: OptionListName, options: { refetchOnMount?: boolean } = {}): { data: Item[]; loading: boolean; available: boolean; reload(): void } {
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.options[name]);
  const available = mayLoadOption(name, useAppSelector(selectPermissions));
  const untouched = !list.loaded && !list.loading && !list.failed;
  const reload = useCallback(() => {
    if (available) void dispatch(fetchOptionList({ name, get: getJson }));
  }, [available, dispatch, name]);
  const refetchOnMount = options.refetchOnMount ?? false;
  useEffect(() => {
    if (untouched && !refetchOnMount) reload();
  }, [untouched, reload, refetchOnMount]);
  useEffect(() => {
    if (refetchOnMount) reload();
  }, [refetchOnMount, reload]);
  return { data: list.data as Item[], loading: list.loading, available, reload };
}
