/**
 * While signed in: the profile refresh, the option-list cycle, the locales load (docs/product.md#session) and the tab's
 * live-update stream (DESIGN §6).
 */
import { useEffect } from 'react';
import { createActivityMonitor, fetchLocales, fetchOptionList, getJson, refreshProfile, startLiveUpdates, startOptionCycle, startProfileRefresh, useAppStore } from '@crm/shared';

export function useSessionSchedulers(): void {
  const store = useAppStore();
  useEffect(() => {
    const activity = createActivityMonitor();
    void store.dispatch(fetchLocales({ get: getJson }));
    const profile = startProfileRefresh({
      lastActivity: activity.lastActivity,
      refresh: () => refreshProfile(store.dispatch),
    });
    const options = startOptionCycle({
      storage: localStorage,
      permissions: () => store.getState().session.permissions,
      fetch: (name) => store.dispatch(fetchOptionList({ name, get: getJson })).unwrap(),
    });
    const live = startLiveUpdates(store);
    return () => {
      live.stop();
      profile.stop();
      options.stop();
      activity.stop();
    };
  }, [store]);
}
