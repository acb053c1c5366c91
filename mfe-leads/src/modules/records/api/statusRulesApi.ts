/** Lead status rules (lead/status/settings): CRUD, and "run now", which queues the rules job. */
import { baseApi } from '@crm/shared';
import type { ListParams } from '@crm/shared/ui';
import type { Job, LeadStatusSettingItem } from '@crm/shared/contract';
import { listTag, type Page, type Saved } from './recordsPage.ts';

const path = '/lead/status/settings';

/** The body of a create or an update (`leadStatusSettingBodies`); the form always sends every field. */
export type StatusRuleBody = { condition_status_id: number; last_status_id: number; duration_day?: number; ignore_duration: boolean };

const api = baseApi.enhanceEndpoints({ addTagTypes: ['LeadStatusRule'] }).injectEndpoints({
  endpoints: (build) => ({
    statusRules: build.query<Page<LeadStatusSettingItem>, ListParams>({
      query: (params) => ({ url: path, params }),
      providesTags: [{ type: 'LeadStatusRule', id: listTag }],
    }),
    statusRuleCreate: build.mutation<Saved<LeadStatusSettingItem>, StatusRuleBody>({
      query: (body) => ({ url: path, method: 'POST', data: body }),
      invalidatesTags: (result) => (result ? [{ type: 'LeadStatusRule', id: listTag }] : []),
    }),
    statusRuleUpdate: build.mutation<Saved<LeadStatusSettingItem>, { id: number; body: StatusRuleBody }>({
      query: ({ id, body }) => ({ url: `${path}/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (result) => (result ? [{ type: 'LeadStatusRule', id: listTag }] : []),
    }),
    statusRuleDelete: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${path}/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'LeadStatusRule', id: listTag }],
    }),
    // The jobs page lists jobs under the shared 'Jobs' tag; a new job should show there without a reload.
    statusRulesRun: build.mutation<Saved<Job>, void>({
      query: () => ({ url: `${path}/run`, method: 'POST' }),
      invalidatesTags: ['Jobs'],
    }),
  }),
});

export const { useStatusRulesQuery, useStatusRuleCreateMutation, useStatusRuleUpdateMutation, useStatusRuleDeleteMutation, useStatusRulesRunMutation } = api;
