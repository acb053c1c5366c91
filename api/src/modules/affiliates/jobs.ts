/**
 * The affiliates' background work: postback delivery (every working process looks at the outbox every two seconds:
 * postbackWorker.ts), and the API's upkeep (ended rate windows and idempotency records past their 72 h are dropped).
 */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { purgeIdempotencyKeys } from './idempotency.ts';
import { startPostbackWorker } from './postbackWorker.ts';
import { purgeRateWindows } from './rateLimit.ts';

/** `deliver` false: no delivery in the background (tests that deliver by hand). */
export function registerAffiliateJobs(jobs: JobQueue, db: Db, deliver: boolean): void {
  jobs.schedule('affiliate.purge', '*/10 * * * *', async () => {
    await purgeRateWindows(db);
    await purgeIdempotencyKeys(db);
  });
  if (deliver) jobs.runner('affiliate.postbacks', () => startPostbackWorker(db));
}
