/**
 * The permission catalogue and the role × permission pairs, as the users management reads them (read-only: roles
 * change through the role resource, roles.ts).
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { idText, paginationQuery, permissionGroups, type PaginationMeta, type PermissionItem, type RoleHasPermissionItem } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { permissions, roleHasPermissions, roles } from '../../db/schema/index.ts';
import { pageWindow, paginationMetaOf } from '../../http/pagination.ts';
import { searchCondition } from '../../http/resource.ts';

const direction = z.enum(['asc', 'desc']).default('asc');
const group = z.enum(permissionGroups).optional();

export const permissionQuery = paginationQuery.extend({ sort: z.enum(['name', 'group']).default('group'), direction, group });
export const roleHasPermissionsQuery = paginationQuery.extend({
  sort: z.enum(['role_name', 'permission_name', 'group']).default('role_name'),
  direction,
  group,
  role_id: idText.optional(),
});

type Page<Item> = { data: Item[]; meta: PaginationMeta };

function whereAll(conditions: readonly (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

/** A page of permissions, each with how many roles hold it. */
export async function searchPermissions(db: Db, query: z.output<typeof permissionQuery>): Promise<Page<PermissionItem>> {
  const where = whereAll([searchCondition([permissions.name], query.search), query.group ? eq(permissions.group, query.group) : undefined]);
  const order = query.direction === 'desc' ? desc : asc;
  const sorted = query.sort === 'group' ? [order(permissions.group), order(permissions.name)] : [order(permissions.name)];
  const { limit, offset } = pageWindow(query);
  const rolesCount = sql<number>`(select count(*) from ${roleHasPermissions} where ${roleHasPermissions.permission_id} = ${permissions.id})`.mapWith(Number);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: permissions.id, name: permissions.name, guard_name: permissions.guard_name, group: permissions.group, roles_count: rolesCount })
      .from(permissions)
      .where(where)
      .orderBy(...sorted, asc(permissions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(permissions).where(where),
  ]);
  return { data: rows.map((row) => ({ ...row, group: group.unwrap().parse(row.group) })), meta: paginationMetaOf(query, total?.total ?? 0) };
}

/** A page of the role × permission pairs. */
export async function searchRoleHasPermissions(db: Db, query: z.output<typeof roleHasPermissionsQuery>): Promise<Page<RoleHasPermissionItem>> {
  const where = whereAll([
    searchCondition([roles.name, permissions.name], query.search),
    query.group ? eq(permissions.group, query.group) : undefined,
    query.role_id ? eq(roles.id, query.role_id) : undefined,
  ]);
  const order = query.direction === 'desc' ? desc : asc;
  const sortColumn = { role_name: roles.name, permission_name: permissions.name, group: permissions.group }[query.sort];
  const { limit, offset } = pageWindow(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ role_id: roles.id, role_name: roles.name, permission_id: permissions.id, permission_name: permissions.name, group: permissions.group })
      .from(roleHasPermissions)
      .innerJoin(roles, eq(roles.id, roleHasPermissions.role_id))
      .innerJoin(permissions, eq(permissions.id, roleHasPermissions.permission_id))
      .where(where)
      .orderBy(order(sortColumn), asc(roles.name), asc(permissions.name), asc(roles.id), asc(permissions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(roleHasPermissions)
      .innerJoin(roles, eq(roles.id, roleHasPermissions.role_id))
      .innerJoin(permissions, eq(permissions.id, roleHasPermissions.permission_id))
      .where(where),
  ]);
  return { data: rows.map((row) => ({ ...row, group: group.unwrap().parse(row.group) })), meta: paginationMetaOf(query, total?.total ?? 0) };
}
