/**
 * Postback delivery in every working process: a look at the outbox every couple of seconds (one indexed claim when
 * nothing is due), so an affiliate hears of an event within seconds rather than at the next minute. The outbox's
 * claims (`FOR UPDATE SKIP LOCKED`, postbacksDelivery.ts) keep two processes from sending one event twice.
 */
import type { Db } from '../../db/database.ts';
import { startPolling } from '../jobs/polling.ts';
import type { Runner } from '../jobs/queue.ts';
import { deliverDuePostbacks } from './postbacksDelivery.ts';

export function startPostbackWorker(db: Db, options: { pollMs?: number } = {}): Promise<Runner> {
  return startPolling('postback delivery', options.pollMs ?? 2_000, () => deliverDuePostbacks(db));
}
