/**
 * The send calls (issue 7) on the one RTK Query api: start sending leads to a broker department, and follow the
 * job. Endpoint names are prefixed so they cannot collide with the other lead screens' endpoints.
 */
import { baseApi, followJob } from '@crm/shared';
import type { Job } from '@crm/shared/contract';
import type { SendRequestBody } from '../sendRequest.ts';

/** 202 `{ data: Job }`; a message when the API gives one. */
type SendStarted = { message?: string; data: Job };

const sendApi = baseApi.enhanceEndpoints({ addTagTypes: ['Lead', 'LeadHistory'] }).injectEndpoints({
  endpoints: (build) => ({
    // The jobs page lists jobs under the shared 'Jobs' tag; a new send should show there without a reload.
    leadSendStart: build.mutation<SendStarted, SendRequestBody>({
      query: (body) => ({ url: '/lead/send', method: 'POST', data: body }),
      invalidatesTags: ['Jobs'],
    }),
    // Not GET /jobs/:id: that needs user.profile.job.view, which a sender need not hold.
    leadSendJob: build.query<{ data: Job }, number>({
      query: (id) => ({ url: `/lead/send/${id}` }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: followJob<{ data: Job }>((answer) => answer.data),
    }),
  }),
});

export const { useLeadSendStartMutation, useLeadSendJobQuery } = sendApi;

/** After a send: the leads' last department and send time, their send histories, the jobs. */
export const refreshSentLeads = () => sendApi.util.invalidateTags(['Lead', 'LeadHistory', 'Jobs']);
