/**
 * `GET /reports` and the saved reports (`/reports/presets`) on the one RTK Query api. The export is a file, fetched
 * apart (reportExport.ts).
 */
import { baseApi } from '@crm/shared';
import type { Report, ReportPreset, ReportPresetInput, ReportQueryInput } from '@crm/shared/contract';

/** The query as sent: the groupings comma-separated, as the API reads them. */
export type ReportRequest = ReportQueryInput & { group_by: string };

const presetsTag = { type: 'ReportPresets', id: 'LIST' } as const;

const reportsApi = baseApi.enhanceEndpoints({ addTagTypes: ['ReportPresets'] }).injectEndpoints({
  endpoints: (build) => ({
    report: build.query<{ data: Report }, ReportRequest>({
      query: (params) => ({ url: '/reports', params }),
    }),
    reportPresets: build.query<{ data: ReportPreset[] }, void>({
      query: () => ({ url: '/reports/presets' }),
      providesTags: [presetsTag],
    }),
    saveReportPreset: build.mutation<{ data: ReportPreset }, ReportPresetInput>({
      query: (body) => ({ url: '/reports/presets', method: 'POST', data: body }),
      invalidatesTags: (result) => (result ? [presetsTag] : []),
    }),
    deleteReportPreset: build.mutation<unknown, number>({
      query: (id) => ({ url: `/reports/presets/${id}`, method: 'DELETE' }),
      invalidatesTags: [presetsTag],
    }),
  }),
});

export const { useReportQuery, useReportPresetsQuery, useSaveReportPresetMutation, useDeleteReportPresetMutation } = reportsApi;
