/** While signed in: the profile refresh, the option-list cycle and the locales load (docs/product.md#session). */
import { useEffect } from 'react';
import { createActivityMonitor, fetchLocales, fetchOptionList, getJson, refreshProfile, startOptionCycle, startProfileRefresh, useAppStore } from '@crm/shared';

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
    return () => {
      profile.stop();
      options.stop();
      activity.stop();
    };
  }, [store]);
}
