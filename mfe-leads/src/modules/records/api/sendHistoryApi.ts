/** The send-history search (lead/history/search): read-only, every attempt with its request and response. */
import { baseApi } from '@crm/shared';
import type { ListParams } from '@crm/shared/ui';
import type { SendHistoryPage } from '@crm/shared/contract';

const api = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendHistory: build.query<SendHistoryPage, ListParams>({
      query: (params) => ({ url: '/lead/history/send', params }),
    }),
  }),
});

export const { useSendHistoryQuery } = api;
