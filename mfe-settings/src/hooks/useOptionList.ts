import { useEffect } from 'react';
import { fetchOptionList, getJson, mayLoadOption, selectPermissions, useAppDispatch, useAppSelector, type OptionListName } from '@crm/shared';

/** An option list from the shared store, loaded now if the background cycle has not loaded it yet and the user may. */
export function useOptionList<Item>(name: OptionListName): { data: Item[]; loading: boolean } {
  const dispatch = useAppDispatch();
  const list = useAppSelector((state) => state.options[name]);
  const permissions = useAppSelector(selectPermissions);
  const needed = !list.loaded && !list.loading && !list.failed && mayLoadOption(name, permissions);
  useEffect(() => {
    if (needed) void dispatch(fetchOptionList({ name, get: getJson }));
  }, [dispatch, name, needed]);
  return { data: list.data as Item[], loading: list.loading };
}
