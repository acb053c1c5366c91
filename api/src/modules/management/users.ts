/** Users management: a resource with its roles, a hashed password and the full-access rule. */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { crudPermissions, idText, userCreateBody, userItem, userUpdateBody } from '@crm/shared/contract';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import type { Executor } from '../../db/database.ts';
import { withIsoDates, type ResourceDefinition, type Row } from '../../http/resource.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { assertSomeoneHoldsEveryPermission } from './guards.ts';
import { groupBy, rowIds, without } from '../../http/rows.ts';

const permissions = crudPermissions('management.user');

async function withRoles(executor: Executor, rows: Row[]): Promise<Row[]> {
  const held = await executor
    .select({ user_id: userRoles.user_id, id: roles.id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(inArray(userRoles.user_id, rowIds(rows)))
    .orderBy(asc(roles.name));
  const byUser = groupBy(held.map(({ user_id, id, name }) => ({ owner: user_id, value: { id, name } })));
  return rows.map((row) => ({ ...row, roles: byUser.get(Number(row['id'])) ?? [] }));
}

async function replaceRoles(tx: Executor, userId: number, roleIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(roleIds)];
  const found = wanted.length > 0 ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, wanted)) : [];
  if (found.length !== wanted.length) throw invalid({ roles: ['The selected role does not exist.'] });
  await tx.delete(userRoles).where(eq(userRoles.user_id, userId));
  if (wanted.length > 0) await tx.insert(userRoles).values(wanted.map((role_id) => ({ user_id: userId, role_id })));
}

/** Never the password hash: the item is built from the listed fields only. */
function toUserItem(row: Row): Row {
  const { id, name, email, locale, is_sender, roles: held, created_at, updated_at } = withIsoDates(row);
  return { id, name, email, locale, is_sender, roles: held, created_at, updated_at };
}

export const userResource: ResourceDefinition = {
  path: '/management/user',
  name: 'User',
  table: users,
  permissions,
  showAccess: { anyOf: [permissions.view, permissions.update] },
  create: userCreateBody,
  update: userUpdateBody,
  item: userItem,
  toItem: toUserItem,
  searchable: [users.name, users.email],
  sortable: { name: users.name, email: users.email, created_at: users.created_at },
  defaultSort: 'name',
  filters: {
    role_id: {
      schema: idText,
      where: (roleId) => sql`${users.id} in (select ${userRoles.user_id} from ${userRoles} where ${userRoles.role_id} = ${roleId})`,
    },
  },
  unique: [{ field: 'email', columns: [users.email], message: 'The email has already been taken.' }],
  messages: { created: 'User successfully created.', updated: 'User successfully updated.', deleted: 'User successfully deleted.' },
  hooks: {
    withRelated: withRoles,
    async toValues(body) {
      const columns = without(body, ['roles', 'password']);
      return typeof body['password'] === 'string' ? { ...columns, password_hash: await hashPassword(body['password']) } : columns;
    },
    async afterWrite(tx, { row, body, existing }) {
      const userId = Number(row['id']);
      const roleIds = z.array(z.number()).optional().parse(body['roles']);
      if (roleIds) await replaceRoles(tx, userId, roleIds);
      if (!existing) return;
      // A password set by an administrator signs the user out everywhere.
      if (body['password'] !== undefined) await revokeAllSessions(tx, userId);
      if (roleIds) await assertSomeoneHoldsEveryPermission(tx);
    },
    // Refused before the delete: deleting a user rewrites the rows naming them (the leads they created, say).
    async beforeDelete(_tx, { id, auth }) {
      if (id === auth.userId) throw new HttpError(409, 'You cannot delete your own account.');
    },
    async afterDelete(tx) {
      await assertSomeoneHoldsEveryPermission(tx);
    },
  },
};
