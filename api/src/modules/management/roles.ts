/** Roles management: a resource with its permissions (by name), its member count and the full-access rule. */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { crudPermissions, roleCreateBody, roleItem, roleUpdateBody } from '@crm/shared/contract';
import { permissions, roleHasPermissions, roles, userRoles } from '../../db/schema/index.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import type { Executor } from '../../db/database.ts';
import { withIsoDates, type ResourceDefinition, type Row } from '../../http/resource.ts';
import { assertSomeoneHoldsEveryPermission } from './guards.ts';
import { groupBy, rowIds, without } from '../../http/rows.ts';

const access = crudPermissions('management.role');

async function withPermissionsAndCounts(executor: Executor, rows: Row[]): Promise<Row[]> {
  const ids = rowIds(rows);
  const [held, members] = await Promise.all([
    executor
      .select({ role_id: roleHasPermissions.role_id, name: permissions.name })
      .from(roleHasPermissions)
      .innerJoin(permissions, eq(permissions.id, roleHasPermissions.permission_id))
      .where(inArray(roleHasPermissions.role_id, ids))
      .orderBy(asc(permissions.name)),
    executor.select({ role_id: userRoles.role_id, total: count() }).from(userRoles).where(inArray(userRoles.role_id, ids)).groupBy(userRoles.role_id),
  ]);
  const byRole = groupBy(held.map(({ role_id, name }) => ({ owner: role_id, value: name })));
  const counts = new Map(members.map(({ role_id, total }) => [role_id, total]));
  return rows.map((row) => ({ ...row, permissions: byRole.get(Number(row['id'])) ?? [], users_count: counts.get(Number(row['id'])) ?? 0 }));
}

async function permissionNamesOf(tx: Executor, roleId: number): Promise<string[]> {
  const rows = await tx
    .select({ name: permissions.name })
    .from(roleHasPermissions)
    .innerJoin(permissions, eq(permissions.id, roleHasPermissions.permission_id))
    .where(eq(roleHasPermissions.role_id, roleId));
  return rows.map((row) => row.name);
}

/** A role holds permissions of its own guard only (spatie's rule), looked up by name. */
async function replacePermissions(tx: Executor, roleId: number, guard: string, names: readonly string[]): Promise<void> {
  const wanted = [...new Set(names)];
  const found =
    wanted.length > 0
      ? await tx
          .select({ id: permissions.id })
          .from(permissions)
          .where(and(eq(permissions.guard_name, guard), inArray(permissions.name, wanted)))
      : [];
  if (found.length !== wanted.length) throw invalid({ permissions: [`A selected permission does not exist for the guard ${guard}.`] });
  await tx.delete(roleHasPermissions).where(eq(roleHasPermissions.role_id, roleId));
  if (found.length > 0) await tx.insert(roleHasPermissions).values(found.map(({ id }) => ({ role_id: roleId, permission_id: id })));
}

export const roleResource: ResourceDefinition = {
  path: '/management/role',
  name: 'Role',
  table: roles,
  permissions: access,
  showAccess: { anyOf: [access.view, access.update] },
  create: roleCreateBody,
  update: roleUpdateBody,
  item: roleItem,
  toItem: withIsoDates,
  searchable: [roles.name],
  sortable: { name: roles.name, created_at: roles.created_at },
  defaultSort: 'name',
  unique: [{ field: 'name', columns: [roles.guard_name, roles.name], message: 'The name has already been taken.' }],
  messages: { created: 'Role successfully created.', updated: 'Role successfully updated.', deleted: 'Role successfully deleted.' },
  hooks: {
    withRelated: withPermissionsAndCounts,
    toValues: async (body) => without(body, ['permissions']),
    async afterWrite(tx, { row, body, existing }) {
      const roleId = Number(row['id']);
      const guard = String(row['guard_name']);
      const guardChanged = existing !== null && existing['guard_name'] !== guard;
      const names = z.array(z.string()).optional().parse(body['permissions']) ?? (guardChanged ? await permissionNamesOf(tx, roleId) : undefined);
      if (names) await replacePermissions(tx, roleId, guard, names);
      if (existing) await assertSomeoneHoldsEveryPermission(tx);
    },
    // A role users hold is not deleted under them (they would lose its permissions without a word). The role row is
    // locked first, so no one is given the role between the count and the delete.
    async beforeDelete(tx, { id }) {
      await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
      const [held] = await tx.select({ users: count() }).from(userRoles).where(eq(userRoles.role_id, id));
      const users = held?.users ?? 0;
      if (users > 0) throw new HttpError(409, `${users} user${users === 1 ? ' holds' : 's hold'} this role: give them another role before deleting it.`);
    },
  },
};
