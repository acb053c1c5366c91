/** While signed in: the profile refresh, the option-list cycle and the locales load (SPEC §4, §7). */
import { useEffect } from 'react';
import {
  authApi,
  createActivityMonitor,
  fetchLocales,
  fetchOptionList,
  getJson,
  sessionActions,
  startOptionCycle,
  startProfileRefresh,
  useAppStore,
} from '@crm/shared';

export function useSessionSchedulers(): void {
  const store = useAppStore();
  useEffect(() => {
    const activity = createActivityMonitor();
    void store.dispatch(fetchLocales({ get: getJson }));
    const profile = startProfileRefresh({
      lastActivity: activity.lastActivity,
      refresh: async () => {
        const result = await store.dispatch(authApi.endpoints.profile.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
        store.dispatch(sessionActions.profileRefreshed(result.data));
      },
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
