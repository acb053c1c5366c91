import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { permissions, roleHasPermissions, userPermissions, userRoles, users } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';

/**
 * The names of a user's permissions, those of every role plus those given directly, as a sub-select: `userId` is a
 * value or a column of the outer query (the session lookup reads them in the same statement).
 */
export function permissionNamesOf(userId: number | SQL | AnyPgColumn): SQL {
  return sql`select ${permissions.name} from ${userRoles}
    join ${roleHasPermissions} on ${roleHasPermissions.role_id} = ${userRoles.role_id}
    join ${permissions} on ${permissions.id} = ${roleHasPermissions.permission_id}
    where ${userRoles.user_id} = ${userId}
    union
    select ${permissions.name} from ${userPermissions}
    join ${permissions} on ${permissions.id} = ${userPermissions.permission_id}
    where ${userPermissions.user_id} = ${userId}
    order by 1`;
}

/** A user's permissions: those of every role the user has, plus those given directly. */
export async function permissionsOf(db: Db, userId: number): Promise<string[]> {
  const result = await db.execute<{ name: string }>(permissionNamesOf(userId));
  return result.rows.map((row) => row.name);
}

/** Refuses a user who is not flagged as a sender: only senders send, by hand or by asking for automatic distribution. */
export async function assertSender(db: Db, userId: number): Promise<void> {
  const [user] = await db.select({ is_sender: users.is_sender }).from(users).where(eq(users.id, userId));
  if (!user?.is_sender) throw new HttpError(403, 'Only users flagged as senders may send leads.');
}
