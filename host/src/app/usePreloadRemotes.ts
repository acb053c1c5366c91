/** While signed in: the remotes the user can reach from the menu load ahead, when the browser is idle. */
import { useEffect, useMemo } from 'react';
import { useAccess } from '@crm/shared';
import { preloadOnIdle, reachableRemotes } from '../federation/preloadRemotes.ts';

export function usePreloadRemotes(): void {
  const { permissions } = useAccess();
  // The profile refresh hands a new array with the same permissions: only a real change restarts the preload.
  const key = permissions.join(' ');
  const remotes = useMemo(() => reachableRemotes(key.split(' ')), [key]);
  useEffect(() => preloadOnIdle(remotes), [remotes]);
}
