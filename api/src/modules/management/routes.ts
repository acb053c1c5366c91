/**
 * Users management routes: the user and role resources, and two read-only lists (the permission
 * catalogue with how many roles hold each, and the role × permission pairs).
 */
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idText, paginated, paginationQuery, permissionGroups, permissionItem, roleHasPermissionItem } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { permissions, roleHasPermissions, roles } from '../../db/schema/index.ts';
import { pageWindow, paginationMetaOf } from '../../http/pagination.ts';
import { resourceRoutes, searchCondition } from '../../http/resource.ts';
import { roleResource } from './roles.ts';
import { userResource } from './users.ts';

const direction = z.enum(['asc', 'desc']).default('asc');
const group = z.enum(permissionGroups).optional();

const permissionQuery = paginationQuery.extend({ sort: z.enum(['name', 'group']).default('group'), direction, group });
const roleHasPermissionsQuery = paginationQuery.extend({
  sort: z.enum(['role_name', 'permission_name', 'group']).default('role_name'),
  direction,
  group,
  role_id: idText.optional(),
});

function whereAll(conditions: readonly (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

export const managementRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(resourceRoutes(userResource), { db });
  await app.register(resourceRoutes(roleResource), { db });

  app.get(
    '/management/permission',
    {
      schema: { tags: ['management › permission'], summary: 'Search permissions', querystring: permissionQuery, response: { 200: paginated(permissionItem) } },
      config: { access: 'management.permission.view' },
    },
    async (request) => {
      const query = request.query;
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
    },
  );

  app.get(
    '/management/role/has/permissions',
    {
      schema: {
        tags: ['management › role'],
        summary: 'Search which role holds which permission',
        querystring: roleHasPermissionsQuery,
        response: { 200: paginated(roleHasPermissionItem) },
      },
      config: { access: 'management.role_has_permissions.view' },
    },
    async (request) => {
      const query = request.query;
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
    },
  );
};
