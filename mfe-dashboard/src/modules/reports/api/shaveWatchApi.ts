/** `GET /reports/shave-watch` on the one RTK Query api; the evidence is a file, fetched apart (reportExport.ts). */
import { baseApi } from '@crm/shared';
import type { ShaveWatch, ShaveWatchQueryInput } from '@crm/shared/contract';

/** The query as sent: the horizon as the text the API reads. */
export type ShaveWatchRequest = Omit<ShaveWatchQueryInput, 'horizon_days'> & { horizon_days: number };

const shaveWatchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    shaveWatch: build.query<{ data: ShaveWatch }, ShaveWatchRequest>({
      query: (params) => ({ url: '/reports/shave-watch', params }),
    }),
  }),
});

export const { useShaveWatchQuery } = shaveWatchApi;
