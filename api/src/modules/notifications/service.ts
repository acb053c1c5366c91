import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LiveEventKind, NotificationSummary, NotificationType, Permission } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { events, notifications } from '../../db/schema/index.ts';
import type { Html } from './html.ts';

/** What reading one's notifications takes; their live events go only to receivers holding it. */
export const notificationViewPermission = 'user.profile.notification.view' satisfies Permission;

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
 * Inserts a notification and its live event (`notification`: its id and the receiver's unread count with it) in one
 * statement, so that the two commit together inside a transaction or not. The title is shown as text; the message is
 * HTML, built with `html` so that the values in it are escaped. In a transaction, call it last (modules/events/publish.ts).
 */
export async function notify(db: Pick<Executor, 'execute'>, input: { userId: number; type: NotificationType; title: string; message: Html; jobId?: number }): Promise<void> {
  const kind: LiveEventKind = 'notification';
  // The statement does not see the row its own CTE inserts: the unread count is the earlier ones plus this one.
  await db.execute(sql`with created as (
      insert into ${notifications} (user_id, type, title, message, job_id)
      values (${input.userId}, ${input.type}, ${input.title}, ${input.message.text}, ${input.jobId ?? null})
      returning id, user_id)
    insert into ${events} (kind, user_id, permission, payload)
    select ${kind}, created.user_id, ${notificationViewPermission}, jsonb_build_object('id', created.id, 'unread',
      (select count(*) from ${notifications} where ${notifications.user_id} = created.user_id and ${notifications.read_at} is null) + 1)
    from created`);
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
