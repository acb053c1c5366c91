/**
 * The export calls (issue 6) on the one RTK Query api: export settings (the ones offered to me, and all of them to
 * manage), starting an export, and following its job. Endpoint names are prefixed so they cannot collide with the
 * other lead screens' endpoints injected into the same api.
 */
import { baseApi, followJob } from '@crm/shared';
import type { ListParams } from '@crm/shared/ui';
import type { ExportSetting, Job, PaginationMeta } from '@crm/shared/contract';
import type { ExportRequestBody } from '../exportRequest.ts';

const settingsPath = '/lead/export/settings';

/** What the settings form sends: PUT replaces the whole setting, so every field goes every time. */
export type ExportSettingValues = { name: string; columns: string[]; user_ids: number[] };
type Saved<Item> = { message: string; data: Item };

const exportApi = baseApi.enhanceEndpoints({ addTagTypes: ['ExportSetting'] }).injectEndpoints({
  endpoints: (build) => ({
    leadExportSettingsOffered: build.query<{ data: ExportSetting[] }, void>({
      query: () => ({ url: `${settingsPath}/mine` }),
      providesTags: ['ExportSetting'],
    }),
    leadExportSettings: build.query<{ data: ExportSetting[]; meta: PaginationMeta }, ListParams>({
      query: (params) => ({ url: settingsPath, params }),
      providesTags: ['ExportSetting'],
    }),
    leadExportSettingCreate: build.mutation<Saved<ExportSetting>, ExportSettingValues>({
      query: (body) => ({ url: settingsPath, method: 'POST', data: body }),
      invalidatesTags: (result) => (result ? ['ExportSetting'] : []),
    }),
    leadExportSettingUpdate: build.mutation<Saved<ExportSetting>, { id: number; body: ExportSettingValues }>({
      query: ({ id, body }) => ({ url: `${settingsPath}/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (result) => (result ? ['ExportSetting'] : []),
    }),
    leadExportSettingDelete: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${settingsPath}/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ExportSetting'],
    }),
    // The jobs page lists jobs under the shared 'Jobs' tag; a new export should show there without a reload.
    leadExportStart: build.mutation<Saved<Job>, ExportRequestBody>({
      query: (body) => ({ url: '/lead/export', method: 'POST', data: body }),
      invalidatesTags: ['Jobs'],
    }),
    // Not GET /jobs/:id: that needs user.profile.job.view, which someone who may export need not hold.
    leadExportJob: build.query<{ data: Job }, number>({
      query: (id) => ({ url: `/lead/export/${id}` }),
      onCacheEntryAdded: followJob<{ data: Job }>((answer) => answer.data),
    }),
  }),
});

export const {
  useLeadExportSettingsOfferedQuery,
  useLeadExportSettingsQuery,
  useLeadExportSettingCreateMutation,
  useLeadExportSettingUpdateMutation,
  useLeadExportSettingDeleteMutation,
  useLeadExportStartMutation,
  useLeadExportJobQuery,
} = exportApi;
