/** Distribution rules (`/distribution/rules`): the ordered list, a rule written whole, enable, move. */
import { baseApi } from '@crm/shared';
import type { DistributionRuleBody, DistributionRuleItem, DistributionSettingsBody } from '@crm/shared/contract';

const path = '/distribution/rules';
type Saved = { message: string; data: DistributionRuleItem };

const rulesApi = baseApi.enhanceEndpoints({ addTagTypes: ['DistributionRules'] }).injectEndpoints({
  endpoints: (build) => ({
    distributionSettings: build.query<{ data: DistributionSettingsBody }, void>({
      query: () => ({ url: '/distribution/settings' }),
      providesTags: ['DistributionRules'],
    }),
    distributionSettingsSave: build.mutation<{ data: DistributionSettingsBody }, DistributionSettingsBody>({
      query: (body) => ({ url: '/distribution/settings', method: 'PUT', data: body }),
      invalidatesTags: (result) => (result ? ['DistributionRules'] : []),
    }),
    distributionRules: build.query<{ data: DistributionRuleItem[] }, void>({
      query: () => ({ url: path }),
      providesTags: ['DistributionRules'],
    }),
    distributionRuleSave: build.mutation<Saved, { id: number | null; body: DistributionRuleBody }>({
      query: ({ id, body }) => (id === null ? { url: path, method: 'POST', data: body } : { url: `${path}/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (result) => (result ? ['DistributionRules'] : []),
    }),
    distributionRuleEnable: build.mutation<Saved, { id: number; is_enabled: boolean }>({
      query: ({ id, is_enabled }) => ({ url: `${path}/${id}/enabled`, method: 'PUT', data: { is_enabled } }),
      invalidatesTags: (result) => (result ? ['DistributionRules'] : []),
    }),
    distributionRuleMove: build.mutation<{ data: DistributionRuleItem[] }, { id: number; position: number }>({
      query: ({ id, position }) => ({ url: `${path}/${id}/position`, method: 'PUT', data: { position } }),
      invalidatesTags: (result) => (result ? ['DistributionRules'] : []),
    }),
    distributionRuleDelete: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${path}/${id}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? ['DistributionRules'] : []),
    }),
  }),
});

export const {
  useDistributionSettingsQuery,
  useDistributionSettingsSaveMutation,
  useDistributionRulesQuery,
  useDistributionRuleSaveMutation,
  useDistributionRuleEnableMutation,
  useDistributionRuleMoveMutation,
  useDistributionRuleDeleteMutation,
} = rulesApi;
