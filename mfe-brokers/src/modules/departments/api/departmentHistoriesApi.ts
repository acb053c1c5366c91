/** `broker/department/:id/histories/view` on the one RTK Query api: the department's summary and its two histories. */
import { baseApi } from '@crm/shared';
import type { DepartmentBrokerHistoryItem, DepartmentSendHistoryItem, DepartmentSummary, PaginationMeta, SendState } from '@crm/shared/contract';

type Page<Item> = { data: Item[]; meta: PaginationMeta };
type PageArgs = { id: number; page: number; per_page: number };

const departmentHistoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    departmentSummary: build.query<{ data: DepartmentSummary }, number>({
      query: (id) => ({ url: `/broker/department/${id}/summary` }),
    }),
    departmentSendHistory: build.query<Page<DepartmentSendHistoryItem>, PageArgs & { state?: SendState | undefined }>({
      query: ({ id, ...params }) => ({ url: `/broker/department/${id}/histories/send`, params }),
    }),
    departmentBrokerHistory: build.query<Page<DepartmentBrokerHistoryItem>, PageArgs & { ftd_only?: boolean | undefined }>({
      query: ({ id, ...params }) => ({ url: `/broker/department/${id}/histories/broker`, params }),
    }),
  }),
});

export const { useDepartmentSummaryQuery, useDepartmentSendHistoryQuery, useDepartmentBrokerHistoryQuery } = departmentHistoriesApi;
