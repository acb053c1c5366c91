import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { permissions, roleHasPermissions, userPermissions, userRoles } from '../../db/schema/index.ts';

/** A user's permissions: those of every role the user has, plus those given directly. */
export async function permissionsOf(db: Db, userId: number): Promise<string[]> {
  const viaRoles = db
    .select({ name: permissions.name })
    .from(userRoles)
    .innerJoin(roleHasPermissions, eq(roleHasPermissions.role_id, userRoles.role_id))
    .innerJoin(permissions, eq(permissions.id, roleHasPermissions.permission_id))
    .where(eq(userRoles.user_id, userId));
  const direct = db
    .select({ name: permissions.name })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permission_id))
    .where(eq(userPermissions.user_id, userId));
  const rows = await viaRoles.union(direct).orderBy(sql`1`);
  return rows.map((row) => row.name);
}
