/**
 * The management endpoints (users, roles, permissions) on the one RTK Query api, typed from the contract.
 * A role change also refreshes the user list (role names), the permission list (roles_count) and the
 * role-has-permissions rows.
 */
import { baseApi } from '@crm/shared';
import type { ListParams } from '@crm/shared/ui';
import type { PaginationMeta, PermissionItem, RoleCreateBody, RoleHasPermissionItem, RoleItem, RoleUpdateBody, UserCreateBody, UserItem, UserUpdateBody } from '@crm/shared/contract';

type Page<Item> = { data: Item[]; meta: PaginationMeta };
type Saved<Item> = { message: string; data: Item };

const listTag = 'LIST';

const managementApi = baseApi.enhanceEndpoints({ addTagTypes: ['ManagementUser', 'ManagementRole', 'ManagementPermission'] }).injectEndpoints({
  endpoints: (build) => ({
    managementUsers: build.query<Page<UserItem>, ListParams>({
      query: (params) => ({ url: '/management/user', params }),
      providesTags: [{ type: 'ManagementUser', id: listTag }],
    }),
    managementUser: build.query<{ data: UserItem }, number>({
      query: (id) => ({ url: `/management/user/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'ManagementUser', id }],
    }),
    managementUserCreate: build.mutation<Saved<UserItem>, UserCreateBody>({
      query: (body) => ({ url: '/management/user', method: 'POST', data: body }),
      invalidatesTags: [
        { type: 'ManagementUser', id: listTag },
        { type: 'ManagementRole', id: listTag },
      ],
    }),
    managementUserUpdate: build.mutation<Saved<UserItem>, { id: number; body: UserUpdateBody }>({
      query: ({ id, body }) => ({ url: `/management/user/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'ManagementUser', id: listTag },
        { type: 'ManagementUser', id },
        { type: 'ManagementRole', id: listTag },
      ],
    }),
    managementUserDelete: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/management/user/${id}`, method: 'DELETE' }),
      invalidatesTags: [
        { type: 'ManagementUser', id: listTag },
        { type: 'ManagementRole', id: listTag },
      ],
    }),

    managementRoles: build.query<Page<RoleItem>, ListParams>({
      query: (params) => ({ url: '/management/role', params }),
      providesTags: [{ type: 'ManagementRole', id: listTag }],
    }),
    managementRole: build.query<{ data: RoleItem }, number>({
      query: (id) => ({ url: `/management/role/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'ManagementRole', id }],
    }),
    managementRoleCreate: build.mutation<Saved<RoleItem>, RoleCreateBody>({
      query: (body) => ({ url: '/management/role', method: 'POST', data: body }),
      invalidatesTags: [
        { type: 'ManagementRole', id: listTag },
        { type: 'ManagementPermission', id: listTag },
      ],
    }),
    managementRoleUpdate: build.mutation<Saved<RoleItem>, { id: number; body: RoleUpdateBody }>({
      query: ({ id, body }) => ({ url: `/management/role/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'ManagementRole', id: listTag },
        { type: 'ManagementRole', id },
        { type: 'ManagementPermission', id: listTag },
        { type: 'ManagementUser', id: listTag },
      ],
    }),
    managementRoleDelete: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/management/role/${id}`, method: 'DELETE' }),
      invalidatesTags: [
        { type: 'ManagementRole', id: listTag },
        { type: 'ManagementPermission', id: listTag },
        { type: 'ManagementUser', id: listTag },
      ],
    }),

    managementPermissions: build.query<Page<PermissionItem>, ListParams>({
      query: (params) => ({ url: '/management/permission', params }),
      providesTags: [{ type: 'ManagementPermission', id: listTag }],
    }),
    managementRoleHasPermissions: build.query<Page<RoleHasPermissionItem>, ListParams>({
      query: (params) => ({ url: '/management/role/has/permissions', params }),
      // Rows change with any role save, which invalidates the role list.
      providesTags: [{ type: 'ManagementRole', id: listTag }],
    }),
  }),
});

export const {
  useManagementUsersQuery,
  useManagementUserQuery,
  useManagementUserCreateMutation,
  useManagementUserUpdateMutation,
  useManagementUserDeleteMutation,
  useManagementRolesQuery,
  useManagementRoleQuery,
  useManagementRoleCreateMutation,
  useManagementRoleUpdateMutation,
  useManagementRoleDeleteMutation,
  useManagementPermissionsQuery,
  useManagementRoleHasPermissionsQuery,
} = managementApi;
