import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { NotificationSummary, NotificationType } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { notifications } from '../../db/schema/index.ts';
import type { Html } from './html.ts';

type NotificationRow = typeof notifications.$inferSelect;

export function toNotificationSummary(row: NotificationRow): NotificationSummary {
  return {
    id: row.id,
    type: row.type,
    data: { title: row.title, message: row.message },
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Inserts a notification; takes a transaction too, so it can commit together with what it reports. The title is shown
 * as text; the message is HTML, built with `html` so that the values in it are escaped.
 */
export async function notify(db: Pick<Db, 'insert'>, input: { userId: number; type: NotificationType; title: string; message: Html; jobId?: number }): Promise<void> {
  await db.insert(notifications).values({ user_id: input.userId, type: input.type, title: input.title, message: input.message.text, job_id: input.jobId ?? null });
}

export async function latestUnread(db: Db, userId: number, limit: number): Promise<NotificationSummary[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)))
    .orderBy(desc(notifications.updated_at), desc(notifications.id))
    .limit(limit);
  return rows.map(toNotificationSummary);
}

export async function unreadTotal(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return row?.total ?? 0;
}
