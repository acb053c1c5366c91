/**
 * The distribution's background work, registered once by the server: every working process runs the distribution
 * worker (worker.ts), which takes queued leads when the queuing transaction's notification wakes it, and held leads
 * whose next try has come (an opening, a cap or circuit that may have reset), leaving them unassigned when their hold
 * ends. The upkeep drops the cap counters of periods long over.
 */
import type { Db } from '../../db/database.ts';
import type { Listen } from '../../db/listen.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { purgeCapCounters } from './capSlots.ts';
import type { DistributionDeps } from './engine.ts';
import { startDistributionWorker, type WorkerOptions } from './worker.ts';

export function registerDistributionJobs(jobs: JobQueue, deps: DistributionDeps, listen: Listen, options: WorkerOptions = {}): void {
  jobs.runner('distribution.worker', () => startDistributionWorker(deps, listen, options));
}

/** Hourly, by whichever worker takes it (a delete of what no one reads, so two runs do no harm). */
export function registerDistributionUpkeep(jobs: JobQueue, db: Db): void {
  jobs.schedule('distribution.purge', '17 * * * *', async () => {
    await purgeCapCounters(db);
  });
}
