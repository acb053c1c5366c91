import { asc, eq } from 'drizzle-orm';
import type { Profile } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { userSettings, users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { latestUnread, unreadTotal } from '../notifications/service.ts';

/** How many unread notifications the profile carries for the header bell. */
const bellSize = 10;

export async function profileOf(db: Db, userId: number, permissions: readonly string[]): Promise<Profile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User');
  const [notifications, total, settings] = await Promise.all([
    latestUnread(db, userId, bellSize),
    unreadTotal(db, userId),
    db.select().from(userSettings).where(eq(userSettings.user_id, userId)).orderBy(asc(userSettings.id)),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    is_sender: user.is_sender,
    locale: user.locale,
    permissions: [...permissions],
    notifications,
    total_notifications: total,
    settings: settings.map((setting) => ({ id: setting.id, key: setting.key, value: setting.value })),
  };
}
