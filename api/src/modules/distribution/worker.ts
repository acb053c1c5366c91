/**
 * The distribution worker of a working process: it takes queued leads as soon as they are queued. The transaction
 * that queues leads notifies `distributionWakeChannel` (leads/distributionQueue.ts); every working process listens,
 * and the rows' leases (queue.ts) share the leads out between them. A wake-up during a run asks for one more run
 * after it; a sweep every few seconds takes what a lost notification (a reconnect) left behind, and keeps the planner's
 * statistics of the tables distribution fills up to date (`analyzeChangedTables`: where autovacuum is off or behind).
 */
import type { Listen } from '../../db/listen.ts';
import { leadDistributions, leadSendHistories, leads, distributionDecisions, departmentCapCounters, reportLeadFacts } from '../../db/schema/index.ts';
import { analyzeChangedTables } from '../../db/statistics.ts';
import { distributionWakeChannel } from '../leads/distributionQueue.ts';
import type { DistributionDeps } from './engine.ts';
import { runDueDistributions, Wakes, type RunOptions } from './queue.ts';

export type DistributionWorker = { stop(): Promise<void> };

export type WorkerOptions = RunOptions & { sweepMs?: number };

export async function startDistributionWorker(deps: DistributionDeps, listen: Listen, options: WorkerOptions = {}): Promise<DistributionWorker> {
  const { sweepMs = 5_000, ...run } = options;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const wakes = new Wakes();

  const wake = (): void => {
    if (stopped) return;
    wakes.wake();
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runDueDistributions(deps, ['pending', 'held'], { ...run, wakes }).catch((error: unknown) =>
          console.error('distribution run failed:', error instanceof Error ? error.message : error),
        );
      } while (again && !stopped);
      running = null;
    })();
  };

  // With the report facts (their triggers lock a lead's row: a plan cached while the table was empty scanned all of it).
  const tables = [leads, leadDistributions, leadSendHistories, distributionDecisions, departmentCapCounters, reportLeadFacts];
  let analyzing = false;
  const analyze = (): void => {
    if (analyzing || stopped) return;
    analyzing = true;
    void analyzeChangedTables(deps.engine.db, tables)
      .catch((error: unknown) => console.error('distribution statistics failed:', error instanceof Error ? error.message : error))
      .finally(() => (analyzing = false));
  };
  const unlisten = await listen(distributionWakeChannel, wake);
  const sweep = setInterval(() => {
    wake();
    analyze();
  }, sweepMs);
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
