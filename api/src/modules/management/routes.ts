/**
 * Users management routes: the user and role resources, and two read-only lists (the permission
 * catalogue with how many roles hold each, and the role × permission pairs).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginated, permissionItem, roleHasPermissionItem } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { resourceRoutes } from '../../http/resource.ts';
import { permissionQuery, roleHasPermissionsQuery, searchPermissions, searchRoleHasPermissions } from './permissions.ts';
import { roleResource } from './roles.ts';
import { userResource } from './users.ts';

export const managementRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(resourceRoutes(userResource), { db });
  await app.register(resourceRoutes(roleResource), { db });

  app.get(
    '/management/permission',
    {
      schema: { tags: ['management › permission'], summary: 'Search permissions', querystring: permissionQuery, response: { 200: paginated(permissionItem) } },
      config: { access: 'management.permission.view' },
    },
    async (request) => searchPermissions(db, request.query),
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
    async (request) => searchRoleHasPermissions(db, request.query),
  );
};
