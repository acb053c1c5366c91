/** The reads of the events table by the streams of this process (the writes: modules/events/publish.ts). */
import { and, asc, eq, gt, isNull, lte, max, min, or } from 'drizzle-orm';
import type { LiveEventKind } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { events } from '../../db/schema/index.ts';

/** An event as read, with its Server-Sent Events message: written once per event, whatever the streams it goes to. */
export type StoredEvent = { id: number; kind: LiveEventKind; userId: number | null; permission: string | null; message: string };

const columns = { id: events.id, kind: events.kind, userId: events.user_id, permission: events.permission, payload: events.payload };

const stored = ({ payload, ...row }: { id: number; kind: string; userId: number | null; permission: string | null; payload: unknown }): StoredEvent => ({
  ...row,
  kind: row.kind as LiveEventKind,
  message: `id: ${row.id}\nevent: ${row.kind}\ndata: ${JSON.stringify(payload)}\n\n`,
});

/** The events past `afterId`, oldest first (ids are in commit order: migration 0027). */
export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db.select(columns).from(events).where(gt(events.id, afterId)).orderBy(asc(events.id)).limit(limit);
  return rows.map(stored);
}

/** The newest event's id (0 before the first) and the oldest kept (null before the first). */
export async function eventBounds(db: Db): Promise<{ newest: number; oldest: number | null }> {
  const [row] = await db.select({ newest: max(events.id), oldest: min(events.id) }).from(events);
  return { newest: row?.newest ?? 0, oldest: row?.oldest ?? null };
}

/** One user's events (and the broadcasts) after `afterId` up to `upToId`: what a resumed stream missed. */
export async function missedEvents(db: Db, userId: number, afterId: number, upToId: number): Promise<StoredEvent[]> {
  const rows = await db
    .select(columns)
    .from(events)
    .where(and(gt(events.id, afterId), lte(events.id, upToId), or(eq(events.user_id, userId), isNull(events.user_id))))
    .orderBy(asc(events.id));
  return rows.map(stored);
}
