/** The background work of affiliates, registered once by the server (and the test harness): postback delivery. */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { deliverDuePostbacks } from './postbacksDelivery.ts';

export function registerAffiliateJobs(jobs: JobQueue, db: Db): void {
  // Every minute, by whichever worker takes it: the outbox's claims keep two runs from sending one event twice.
  jobs.schedule('affiliate.postbacks', '* * * * *', async () => {
    await deliverDuePostbacks(db);
  });
}
