/** An affiliate company's API keys (api/src/modules/affiliates/keyRoutes.ts) on the one RTK Query api. */
import { baseApi } from '@crm/shared';
import type { AffiliateKeyCreateBody, AffiliateKeyItem, AffiliateKeyUpdateBody } from '@crm/shared/contract';

/** Create and rotate answer with the key in full, this once. */
export type IssuedKey = { message: string; data: AffiliateKeyItem & { key: string } };

const keysTag = (companyId: number) => ({ type: 'AffiliateKey' as const, id: companyId });

const api = baseApi.enhanceEndpoints({ addTagTypes: ['AffiliateKey'] }).injectEndpoints({
  endpoints: (build) => ({
    affiliateKeys: build.query<{ data: AffiliateKeyItem[] }, number>({
      query: (companyId) => ({ url: `/settings/affiliate/company/${companyId}/api-key` }),
      providesTags: (_result, _error, companyId) => [keysTag(companyId)],
    }),
    affiliateKeyCreate: build.mutation<IssuedKey, { companyId: number; body: AffiliateKeyCreateBody }>({
      query: ({ companyId, body }) => ({ url: `/settings/affiliate/company/${companyId}/api-key`, method: 'POST', data: body }),
      invalidatesTags: (_result, _error, { companyId }) => [keysTag(companyId)],
    }),
    affiliateKeyUpdate: build.mutation<{ data: AffiliateKeyItem }, { companyId: number; id: number; body: AffiliateKeyUpdateBody }>({
      query: ({ id, body }) => ({ url: `/settings/affiliate/api-key/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (_result, _error, { companyId }) => [keysTag(companyId)],
    }),
    affiliateKeyRevoke: build.mutation<{ data: AffiliateKeyItem }, { companyId: number; id: number }>({
      query: ({ id }) => ({ url: `/settings/affiliate/api-key/${id}/revoke`, method: 'POST', data: {} }),
      invalidatesTags: (_result, _error, { companyId }) => [keysTag(companyId)],
    }),
    affiliateKeyRotate: build.mutation<IssuedKey, { companyId: number; id: number; graceHours: number }>({
      query: ({ id, graceHours }) => ({ url: `/settings/affiliate/api-key/${id}/rotate`, method: 'POST', data: { grace_hours: graceHours } }),
      invalidatesTags: (_result, _error, { companyId }) => [keysTag(companyId)],
    }),
  }),
});

export const { useAffiliateKeysQuery, useAffiliateKeyCreateMutation, useAffiliateKeyUpdateMutation, useAffiliateKeyRevokeMutation, useAffiliateKeyRotateMutation } = api;
