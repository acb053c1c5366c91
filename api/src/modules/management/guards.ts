/**
 * The rule that keeps the console manageable: at every commit some user holds every permission of the
 * catalogue (through roles or directly). Checked inside the write's transaction, after the write.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { allPermissions } from '@crm/shared/contract';
import { permissions, roleHasPermissions, userPermissions, userRoles } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { Executor } from '../../db/database.ts';

/** One advisory lock serialises the checks, so two concurrent downgrades cannot each count on the other's holder. */
const fullAccessLockKey = 7_246_001;

const noFullAccessHolderLeft = 'This change would leave no user holding every permission. Give another user every permission first.';

export async function assertSomeoneHoldsEveryPermission(tx: Executor): Promise<void> {
  // Taken after the write and before the read: under READ COMMITTED the read then sees every earlier commit.
  await tx.execute(sql`select pg_advisory_xact_lock(${fullAccessLockKey})`);
  const held = tx
    .select({ user_id: userRoles.user_id, permission_id: roleHasPermissions.permission_id })
    .from(userRoles)
    .innerJoin(roleHasPermissions, eq(roleHasPermissions.role_id, userRoles.role_id))
    .union(tx.select({ user_id: userPermissions.user_id, permission_id: userPermissions.permission_id }).from(userPermissions))
    .as('held');
  const [holder] = await tx
    .select({ user_id: held.user_id })
    .from(held)
    .innerJoin(permissions, eq(permissions.id, held.permission_id))
    .where(inArray(permissions.name, [...allPermissions]))
    .groupBy(held.user_id)
    .having(sql`count(distinct ${permissions.name}) = ${allPermissions.length}`)
    .limit(1);
  if (!holder) throw new HttpError(409, noFullAccessHolderLeft);
}
