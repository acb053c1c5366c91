/**
 * The store factory (used once by the host, and by a remote's standalone shell). The client state is
 * saved to local storage on every change and restored at start; the RTK Query cache is
 * server data and the live stream's status belongs to the tab: neither is persisted.
 */
import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../http/baseApi.ts';
import type { OptionsState } from './options.ts';
import { rootReducer, type RootState } from './rootReducer.ts';

export const persistedStateKey = 'crm.state';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A load under way when the page went (a reload, a link followed) is settled by no one: restored as under way, an
 * option list showed its spinner and was never asked for again (useOptionList loads only a list never tried).
 */
function withoutLoadsUnderWay(state: Partial<RootState>): Partial<RootState> {
  const options = state.options && (Object.fromEntries(Object.entries(state.options).map(([name, list]) => [name, { ...list, loading: false }])) as OptionsState);
  return {
    ...state,
    ...(state.session && { session: { ...state.session, loading: false } }),
    ...(state.locales && { locales: { ...state.locales, loading: false } }),
    ...(options && { options }),
  };
}

export function restoreState(storage: StorageLike): Partial<RootState> | undefined {
  try {
    const raw = storage.getItem(persistedStateKey);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<RootState>;
    return parsed && typeof parsed === 'object' ? withoutLoadsUnderWay(parsed) : undefined;
  } catch {
    return undefined;
  }
}

export function createAppStore({ storage }: { storage: StorageLike }) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: restoreState(storage) as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  let saved: unknown;
  store.subscribe(() => {
    const state = store.getState();
    if (state === saved) return;
    saved = state;
    const { [baseApi.reducerPath]: _serverCache, live: _live, ...clientState } = state;
    try {
      storage.setItem(persistedStateKey, JSON.stringify(clientState));
    } catch {
      // storage full or disabled: the app keeps working, it just will not restore
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
