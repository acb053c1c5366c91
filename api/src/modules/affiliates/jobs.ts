/**
 * The affiliates' background work: postback delivery, and the API's upkeep (ended rate windows and idempotency records
 * past their 72 h are dropped).
 */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { deliverDuePostbacks } from './postbacksDelivery.ts';
import { purgeRateWindows } from './rateLimit.ts';

export function registerAffiliateJobs(jobs: JobQueue, db: Db): void {
  jobs.schedule('affiliate.purge', '*/10 * * * *', async () => {
    await purgeRateWindows(db);
    await purgeIdempotencyKeys(db);
  });
  // Every minute, by whichever worker takes it: the outbox's claims keep two runs from sending one event twice.
  jobs.schedule('affiliate.postbacks', '* * * * *', async () => {
    await deliverDuePostbacks(db);
  });
}
