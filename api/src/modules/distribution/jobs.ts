/**
 * The distribution's background work, registered once by the server (and the test harness): `distribution.lead`
 * distributes queued leads, `distribution.held` tries held leads again when their next try has come (an opening, a
 * cap or circuit that may have reset) and leaves them unassigned when their hold ends.
 */
import type { JobQueue } from '../jobs/queue.ts';
import type { DistributionDeps } from './engine.ts';
import { runDueDistributions } from './queue.ts';

const distributionJobTypes = { lead: 'distribution.lead', held: 'distribution.held' } as const;

export function registerDistributionJobs(jobs: JobQueue, deps: DistributionDeps): void {
  // Every minute, by whichever worker takes it: the rows' leases keep two runs from distributing one lead twice.
  jobs.schedule(distributionJobTypes.lead, '* * * * *', async () => {
    await runDueDistributions(deps, ['pending']);
  });
  jobs.schedule(distributionJobTypes.held, '* * * * *', async () => {
    await runDueDistributions(deps, ['held']);
  });
}
