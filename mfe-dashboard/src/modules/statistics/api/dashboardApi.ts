/** `GET /dashboard/statistics` on the one RTK Query api: the week's cards and per-department series. */
import { baseApi } from '@crm/shared';
import type { DashboardStatistics, DashboardStatisticsQuery } from '@crm/shared/contract';

const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    dashboardStatistics: build.query<{ data: DashboardStatistics }, DashboardStatisticsQuery>({
      query: (params) => ({ url: '/dashboard/statistics', params }),
    }),
  }),
});

export const { useDashboardStatisticsQuery } = dashboardApi;
