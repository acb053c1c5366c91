/** An affiliate company's settings and status map (`/settings/affiliate/company/:id/{settings,status-map}`). */
import { baseApi } from '@crm/shared';
import type { AffiliateSettingsBody, AffiliateSettingsItem, AffiliateStatusMap, AffiliateStatusMapBody } from '@crm/shared/contract';

const companyPath = (companyId: number) => `/settings/affiliate/company/${companyId}`;

const api = baseApi.enhanceEndpoints({ addTagTypes: ['AffiliateAccess'] }).injectEndpoints({
  endpoints: (build) => ({
    affiliateSettings: build.query<{ data: AffiliateSettingsItem }, number>({
      query: (companyId) => ({ url: `${companyPath(companyId)}/settings` }),
      providesTags: (_result, _error, companyId) => [{ type: 'AffiliateAccess', id: `settings-${companyId}` }],
    }),
    affiliateSettingsUpdate: build.mutation<{ data: AffiliateSettingsItem }, { companyId: number; body: AffiliateSettingsBody }>({
      query: ({ companyId, body }) => ({ url: `${companyPath(companyId)}/settings`, method: 'PUT', data: body }),
      invalidatesTags: (result, _error, { companyId }) => (result ? [{ type: 'AffiliateAccess', id: `settings-${companyId}` }] : []),
    }),
    affiliateStatusMap: build.query<{ data: AffiliateStatusMap }, number>({
      query: (companyId) => ({ url: `${companyPath(companyId)}/status-map` }),
      providesTags: (_result, _error, companyId) => [{ type: 'AffiliateAccess', id: `status-map-${companyId}` }],
    }),
    affiliateStatusMapUpdate: build.mutation<{ data: AffiliateStatusMap }, { companyId: number; body: AffiliateStatusMapBody }>({
      query: ({ companyId, body }) => ({ url: `${companyPath(companyId)}/status-map`, method: 'PUT', data: body }),
      invalidatesTags: (result, _error, { companyId }) => (result ? [{ type: 'AffiliateAccess', id: `status-map-${companyId}` }] : []),
    }),
  }),
});

export const { useAffiliateSettingsQuery, useAffiliateSettingsUpdateMutation, useAffiliateStatusMapQuery, useAffiliateStatusMapUpdateMutation } = api;
