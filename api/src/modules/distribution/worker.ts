/**
 * The distribution worker of a working process: it takes queued leads as soon as they are queued. The transaction
 * that queues leads notifies `distributionWakeChannel` (leads/distributionQueue.ts); every working process listens,
 * and the rows' leases (queue.ts) share the leads out between them. A wake-up during a run asks for one more run
 * after it; a sweep every few seconds takes what a lost notification (a reconnect) left behind.
 */
import type { Listen } from '../../db/listen.ts';
import { distributionWakeChannel } from '../leads/distributionQueue.ts';
import type { DistributionDeps } from './engine.ts';
import { runDueDistributions, type RunOptions } from './queue.ts';

export type DistributionWorker = { stop(): Promise<void> };

export type WorkerOptions = RunOptions & { sweepMs?: number };

export async function startDistributionWorker(deps: DistributionDeps, listen: Listen, options: WorkerOptions = {}): Promise<DistributionWorker> {
  const { sweepMs = 5_000, ...run } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const wake = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runDueDistributions(deps, ['pending', 'held'], run).catch((error: unknown) => console.error('distribution run failed:', error instanceof Error ? error.message : error));
      } while (again && !stopped);
      running = null;
    })();
  };

  const unlisten = await listen(distributionWakeChannel, wake);
  const sweep = setInterval(wake, sweepMs);
  wake();
  return {
    async stop() {
      stopped = true;
      clearInterval(sweep);
      await unlisten();
      await running;
    },
  };
}
