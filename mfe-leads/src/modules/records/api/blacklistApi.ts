/** The blacklist (docs/product.md#blacklist): search, add (answering how many stored leads match), delete. */
import { baseApi } from '@crm/shared';
import type { ListParams } from '@crm/shared/ui';
import type { BlacklistCreateBody, BlacklistCreated, BlacklistItem } from '@crm/shared/contract';
import { listTag, type Page } from './recordsPage.ts';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Blacklist'] }).injectEndpoints({
  endpoints: (build) => ({
    blacklist: build.query<Page<BlacklistItem>, ListParams>({
      query: (params) => ({ url: '/lead/black_list', params }),
      providesTags: [{ type: 'Blacklist', id: listTag }],
    }),
    blacklistAdd: build.mutation<BlacklistCreated, BlacklistCreateBody>({
      query: (body) => ({ url: '/lead/black_list', method: 'POST', data: body }),
      invalidatesTags: (result) => (result ? [{ type: 'Blacklist', id: listTag }] : []),
    }),
    blacklistDelete: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/lead/black_list/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Blacklist', id: listTag }],
    }),
  }),
});

export const { useBlacklistQuery, useBlacklistAddMutation, useBlacklistDeleteMutation } = api;
