/** The background jobs of the leads domain, registered once by the server (and the test harness). */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';

export function registerLeadJobs(jobs: JobQueue, db: Db): void {
  void jobs;
  void db;
}
