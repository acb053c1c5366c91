/** Generic calls of a CRUD resource (`api/src/http/resource.ts`), on the one RTK Query api. */
import { baseApi } from '@crm/shared';
import type { PaginationMeta } from '@crm/shared/contract';
import type { ListParams } from '../list/useListState.ts';

export type ResourceRow = { id: number } & Record<string, unknown>;
export type ResourcePage = { data: ResourceRow[]; meta: PaginationMeta };
export type ResourceListArgs = { path: string; params: ListParams };

export const resourceApi = baseApi.enhanceEndpoints({ addTagTypes: ['Resource'] }).injectEndpoints({
  endpoints: (build) => ({
    resourceList: build.query<ResourcePage, ResourceListArgs>({
      query: ({ path, params }) => ({ url: path, params }),
      providesTags: (_result, _error, { path }) => [{ type: 'Resource', id: path }],
    }),
    resourceGet: build.query<{ data: ResourceRow }, { path: string; id: number }>({
      query: ({ path, id }) => ({ url: `${path}/${id}` }),
      providesTags: (_result, _error, { path }) => [{ type: 'Resource', id: path }],
    }),
    resourceCreate: build.mutation<{ message: string; data: ResourceRow }, { path: string; body: Record<string, unknown> }>({
      query: ({ path, body }) => ({ url: path, method: 'POST', data: body }),
      invalidatesTags: (_result, _error, { path }) => [{ type: 'Resource', id: path }],
    }),
    resourceUpdate: build.mutation<{ message: string; data: ResourceRow }, { path: string; id: number; body: Record<string, unknown> }>({
      query: ({ path, id, body }) => ({ url: `${path}/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (_result, _error, { path }) => [{ type: 'Resource', id: path }],
    }),
    resourceDelete: build.mutation<{ message: string }, { path: string; id: number }>({
      query: ({ path, id }) => ({ url: `${path}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { path }) => [{ type: 'Resource', id: path }],
    }),
  }),
});

export const { useResourceListQuery, useResourceGetQuery, useResourceCreateMutation, useResourceUpdateMutation, useResourceDeleteMutation } = resourceApi;
