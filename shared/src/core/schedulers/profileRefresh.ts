/** Profile refresh: first 100 ms after load, then every 30 s, paused while idle for 15 min. */
import { defaults } from '../runtimeConfig.ts';
import { createPoller } from './idle.ts';

export function startProfileRefresh(options: { refresh(): Promise<unknown>; lastActivity(): number; firstMs?: number; everyMs?: number; idleAfterMs?: number }): { stop(): void } {
  const run = () =>
    void options.refresh().catch((error: unknown) => {
      console.warn('profile refresh failed', error instanceof Error ? error.message : error);
    });
  const first = setTimeout(run, options.firstMs ?? defaults.profileFirstFetchMs);
  const poller = createPoller({
    callback: run,
    intervalMs: options.everyMs ?? defaults.profileRefreshMs,
    lastActivity: options.lastActivity,
    ...(options.idleAfterMs === undefined ? {} : { idleAfterMs: options.idleAfterMs }),
  });
  return {
    stop() {
      clearTimeout(first);
      poller.stop();
    },
  };
}
