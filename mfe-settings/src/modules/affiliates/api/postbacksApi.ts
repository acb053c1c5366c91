/** An affiliate company's postbacks (templates, the test action, the delivery log) on the one RTK Query api. */
import { resourceApi } from '@crm/shared/ui';
import type {
  AffiliatePostbackCreateBody,
  AffiliatePostbackDelivery,
  AffiliatePostbackItem,
  AffiliatePostbackOutcome,
  AffiliatePostbackUpdateBody,
  PaginationMeta,
} from '@crm/shared/contract';
import type { ListParams } from '@crm/shared/ui';

const templatesPath = (companyId: number) => `/settings/affiliate/company/${companyId}/postback`;
const templatesTag = (companyId: number) => ({ type: 'Resource' as const, id: templatesPath(companyId) });
const deliveryTag = (companyId: number) => ({ type: 'Resource' as const, id: `${templatesPath(companyId)}/delivery` });
type Saved = { message: string; data: AffiliatePostbackItem };

const postbacksApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    affiliatePostbacks: build.query<{ data: AffiliatePostbackItem[] }, number>({
      query: (companyId) => ({ url: templatesPath(companyId) }),
      providesTags: (_result, _error, companyId) => [templatesTag(companyId)],
    }),
    affiliatePostbackCreate: build.mutation<Saved, { companyId: number; body: AffiliatePostbackCreateBody }>({
      query: ({ companyId, body }) => ({ url: templatesPath(companyId), method: 'POST', data: body }),
      invalidatesTags: (_result, _error, { companyId }) => [templatesTag(companyId)],
    }),
    affiliatePostbackUpdate: build.mutation<Saved, { companyId: number; id: number; body: AffiliatePostbackUpdateBody }>({
      query: ({ id, body }) => ({ url: `/settings/affiliate/postback/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (_result, _error, { companyId }) => [templatesTag(companyId)],
    }),
    affiliatePostbackDelete: build.mutation<{ message: string }, { companyId: number; id: number }>({
      query: ({ id }) => ({ url: `/settings/affiliate/postback/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { companyId }) => [templatesTag(companyId)],
    }),
    affiliatePostbackTest: build.mutation<{ data: AffiliatePostbackOutcome }, { id: number }>({
      query: ({ id }) => ({ url: `/settings/affiliate/postback/${id}/test`, method: 'POST', data: {} }),
    }),
    affiliatePostbackDeliveries: build.query<{ data: AffiliatePostbackDelivery[]; meta: PaginationMeta }, { companyId: number; params: ListParams }>({
      query: ({ companyId, params }) => ({ url: `${templatesPath(companyId)}/delivery`, params }),
      providesTags: (_result, _error, { companyId }) => [deliveryTag(companyId)],
    }),
  }),
});

export const {
  useAffiliatePostbacksQuery,
  useAffiliatePostbackCreateMutation,
  useAffiliatePostbackUpdateMutation,
  useAffiliatePostbackDeleteMutation,
  useAffiliatePostbackTestMutation,
  useAffiliatePostbackDeliveriesQuery,
} = postbacksApi;
