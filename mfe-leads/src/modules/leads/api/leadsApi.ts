/**
 * The lead endpoints of `lead/search` and `lead/single/:id` on the one RTK Query api, typed from the contract.
 * Any write to a lead refetches its profile, its history tabs and the search list (a change of status,
 * tags or contact shows in the list as well); so does a live `lead` event naming it (a change made elsewhere). Endpoint names are prefixed so they cannot collide with
 * the other lead screens' endpoints injected into the same api.
 */
import { baseApi, followLeads } from '@crm/shared';
import type {
  AddLeadBody,
  LeadBrokerHistory,
  LeadDataHistory,
  LeadDetail,
  LeadDistribution,
  LeadHistoryKind,
  LeadPage,
  LeadSendHistory,
  LeadStatusHistory,
  LeadUpdateBody,
  PaginationMeta,
} from '@crm/shared/contract';

type LeadListParams = Record<string, string | number>;
export type LeadSaved = { message: string; data: LeadDetail };

/** The row type of each history tab. */
export type LeadHistoryRows = {
  data: LeadDataHistory;
  status: LeadStatusHistory;
  send: LeadSendHistory;
  broker: LeadBrokerHistory;
};
type LeadHistoryArgs = { id: number; kind: LeadHistoryKind; page: number; per_page: number };

const listTag = 'LIST';

const leadsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Lead', 'LeadHistory'] }).injectEndpoints({
  endpoints: (build) => ({
    leadSearchList: build.query<LeadPage, LeadListParams>({
      query: (params) => ({ url: '/lead', params }),
      providesTags: [{ type: 'Lead', id: listTag }],
      // A lead of the page changed elsewhere: the page is read again, at most every 2 s however busy the leads are.
      onCacheEntryAdded: followLeads<LeadListParams, LeadPage>((_params, page) => page?.data.map((lead) => lead.id) ?? [], 2_000),
    }),
    leadProfile: build.query<{ data: LeadDetail }, number>({
      query: (id) => ({ url: `/lead/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Lead', id }],
      onCacheEntryAdded: followLeads<number, { data: LeadDetail }>((id) => [id]),
    }),
    leadProfileHistory: build.query<{ data: unknown[]; meta: PaginationMeta }, LeadHistoryArgs>({
      query: ({ id, kind, page, per_page }) => ({ url: `/lead/${id}/histories/${kind}`, params: { page, per_page } }),
      providesTags: (_result, _error, { id }) => [{ type: 'LeadHistory', id }],
      onCacheEntryAdded: followLeads<LeadHistoryArgs, { data: unknown[]; meta: PaginationMeta }>(({ id }) => [id]),
    }),
    leadDistribution: build.query<{ data: LeadDistribution }, number>({
      query: (id) => ({ url: `/lead/${id}/distribution` }),
      providesTags: (_result, _error, id) => [{ type: 'LeadHistory', id }],
      onCacheEntryAdded: followLeads<number, { data: LeadDistribution }>((id) => [id]),
    }),
    leadAdd: build.mutation<LeadSaved, AddLeadBody>({
      query: (body) => ({ url: '/lead', method: 'POST', data: body }),
      invalidatesTags: [{ type: 'Lead', id: listTag }],
    }),
    leadEdit: build.mutation<LeadSaved, { id: number; body: LeadUpdateBody }>({
      query: ({ id, body }) => ({ url: `/lead/${id}`, method: 'PUT', data: body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Lead', id },
        { type: 'LeadHistory', id },
        { type: 'Lead', id: listTag },
      ],
    }),
    leadChangeStatus: build.mutation<LeadSaved, { id: number; status_id: number }>({
      query: ({ id, status_id }) => ({ url: `/lead/${id}/status`, method: 'PUT', data: { status_id } }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Lead', id },
        { type: 'LeadHistory', id },
        { type: 'Lead', id: listTag },
      ],
    }),
    leadRemove: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/lead/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Lead', id: listTag }],
    }),
  }),
});

export const {
  useLeadSearchListQuery,
  useLeadProfileQuery,
  useLeadProfileHistoryQuery,
  useLeadDistributionQuery,
  useLeadAddMutation,
  useLeadEditMutation,
  useLeadChangeStatusMutation,
  useLeadRemoveMutation,
} = leadsApi;
