import type { Job, JobStatus } from '@crm/shared/contract';

/** How often the jobs page asks again while a job of the list is still pending or running. */
export const jobPollingMs = 2000;

const activeStatuses: readonly JobStatus[] = ['pending', 'running'];

/** Pending or running: can still be cancelled, and its numbers still move. */
export function isActiveJob(job: Pick<Job, 'status'>): boolean {
  return activeStatuses.includes(job.status);
}

/** Poll while any listed job is active; 0 stops RTK Query's polling. */
export function pollingIntervalFor(jobs: readonly Pick<Job, 'status'>[] | undefined): number {
  return jobs?.some(isActiveJob) ? jobPollingMs : 0;
}
