/** The send-history search (lead/history/search): read-only, every attempt with its request and response. */
import { baseApi } from '@crm/shared';
import type { ListParams } from '@crm/shared/ui';
import type { LeadSendHistory } from '@crm/shared/contract';
import type { Page } from './recordsPage.ts';

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendHistory: build.query<Page<LeadSendHistory>, ListParams>({
      query: (params) => ({ url: '/lead/history/send', params }),
    }),
  }),
});

export const { useSendHistoryQuery } = api;
