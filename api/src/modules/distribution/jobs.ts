/**
 * The distribution's background work, registered once by the server: every working process runs the distribution
 * worker (worker.ts), which takes queued leads when the queuing transaction's notification wakes it, and held leads
 * whose next try has come (an opening, a cap or circuit that may have reset), leaving them unassigned when their hold
 * ends.
 */
import type { Listen } from '../../db/listen.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { DistributionDeps } from './engine.ts';
import { startDistributionWorker, type WorkerOptions } from './worker.ts';

export function registerDistributionJobs(jobs: JobQueue, deps: DistributionDeps, listen: Listen, options: WorkerOptions = {}): void {
  jobs.runner('distribution.worker', () => startDistributionWorker(deps, listen, options));
}
