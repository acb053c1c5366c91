/**
 * A runner doing a piece of work now and then every `everyMs` in a working process: never two at once (a round that
 * takes longer skips the ticks it overlaps), an error logged and the next round tried, and a stop that waits for the
 * round under way.
 */
import type { Runner } from './queue.ts';

export function startPolling(label: string, everyMs: number, work: () => Promise<unknown>): Promise<Runner> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = (): void => {
    if (running || stopped) return;
    running = work()
      .then(
        () => undefined,
        (error: unknown) => console.error(`${label} failed:`, error instanceof Error ? error.message : error),
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(round, everyMs);
  round();
  return Promise.resolve({
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  });
}
