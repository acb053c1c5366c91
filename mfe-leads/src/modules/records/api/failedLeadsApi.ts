/**
 * Failed leads: search, fix-and-retry, delete. A retry invalidates the list whatever its outcome:
 * on success the row is gone, on a 422 the row carries the new reason and message.
 */
import { baseApi } from '@crm/shared';
import type { ListParams } from '@crm/shared/ui';
import type { FailedLeadBulkDelete, FailedLeadItem, LeadCreateBody } from '@crm/shared/contract';
import { listTag, type Page } from './recordsPage.ts';

/** What a successful retry answers: the lead it became. */
type RetriedLead = { message: string; data: { id: number; lead_id: string } & Record<string, unknown> };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['FailedLead', 'Lead'] }).injectEndpoints({
  endpoints: (build) => ({
    failedLeads: build.query<Page<FailedLeadItem>, ListParams>({
      query: (params) => ({ url: '/lead/failed', params }),
      providesTags: [{ type: 'FailedLead', id: listTag }],
    }),
    failedLeadRetry: build.mutation<RetriedLead, { id: number; body: LeadCreateBody }>({
      query: ({ id, body }) => ({ url: `/lead/failed/${id}/retry`, method: 'POST', data: body }),
      // A success is a new lead: the lead search (modules/leads, tag 'Lead' / LIST) shows it without a reload.
      invalidatesTags: (result) =>
        result
          ? [
              { type: 'FailedLead', id: listTag },
              { type: 'Lead', id: listTag },
            ]
          : [{ type: 'FailedLead', id: listTag }],
    }),
    failedLeadDelete: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/lead/failed/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'FailedLead', id: listTag }],
    }),
    failedLeadBulkDelete: build.mutation<{ message: string; data: { deleted: number } }, FailedLeadBulkDelete>({
      query: (body) => ({ url: '/lead/failed', method: 'DELETE', data: body }),
      invalidatesTags: [{ type: 'FailedLead', id: listTag }],
    }),
  }),
});

export const { useFailedLeadsQuery, useFailedLeadRetryMutation, useFailedLeadDeleteMutation, useFailedLeadBulkDeleteMutation } = api;
