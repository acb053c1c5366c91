/**
 * The outbox of live updates (DESIGN §6): a writer inserts its events in the transaction of the change they report,
 * so an event is never seen before its data, and the insert notifies every API process on `eventsChannel` at commit
 * (migration 0027); each process sends the new rows to its open streams (modules/eventStream).
 *
 * Insert events last in a transaction: the insert holds the events' lock until commit, which numbers events in commit
 * order (a stream resumes after a number and misses nothing); a row lock waited for after it would queue every writer.
 */
import { lt, sql } from 'drizzle-orm';
import type { LiveEvent, Permission } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { events, eventTickets } from '../../db/schema/index.ts';

export const eventsChannel = 'crm_events';

/** Who receives an event: one user, whoever holds a permission (a broadcast), or one user while holding it. */
type EventReceiver = { userId: number; permission?: Permission } | { userId?: null; permission: Permission };

export type OutgoingEvent = LiveEvent & { to: EventReceiver };

export async function publish(db: Pick<Executor, 'insert'>, outgoing: readonly OutgoingEvent[]): Promise<void> {
  if (outgoing.length === 0) return;
  await db.insert(events).values(outgoing.map(({ kind, payload, to }) => ({ kind, payload, user_id: to.userId ?? null, permission: to.permission ?? null })));
}

/**
 * Removes events older than `keepMinutes` and the tickets past their minute. The newest event stays whatever its age: a
 * stream resuming after an older number then knows that events were purged in between (`ready.complete`).
 */
export async function purgeEvents(db: Db, keepMinutes: number): Promise<void> {
  await db.execute(sql`delete from ${events} where ${events.created_at} < now() - make_interval(mins => ${keepMinutes})
    and ${events.id} < (select max(${events.id}) from ${events})`);
  await db.delete(eventTickets).where(lt(eventTickets.expires_at, sql`now()`));
}
