/** A department's hours and caps (`/broker/department/:id/{hours,caps}`) and the caps board (`/distribution/caps`). */
import { baseApi } from '@crm/shared';
import type { CapsBoardRow, DepartmentCaps, DepartmentCapsBody, DepartmentHours, DepartmentHoursBody } from '@crm/shared/contract';

const departmentPath = (id: number) => `/broker/department/${id}`;

const distributionApi = baseApi.enhanceEndpoints({ addTagTypes: ['DepartmentLimits'] }).injectEndpoints({
  endpoints: (build) => ({
    departmentHours: build.query<{ data: DepartmentHours }, number>({
      query: (id) => ({ url: `${departmentPath(id)}/hours` }),
      providesTags: (_result, _error, id) => [{ type: 'DepartmentLimits', id: `hours-${id}` }],
    }),
    departmentHoursUpdate: build.mutation<{ data: DepartmentHours }, { id: number; body: DepartmentHoursBody }>({
      query: ({ id, body }) => ({ url: `${departmentPath(id)}/hours`, method: 'PUT', data: body }),
      invalidatesTags: (result, _error, { id }) => (result ? [{ type: 'DepartmentLimits', id: `hours-${id}` }, 'DepartmentLimits'] : []),
    }),
    departmentCaps: build.query<{ data: DepartmentCaps }, number>({
      query: (id) => ({ url: `${departmentPath(id)}/caps` }),
      providesTags: (_result, _error, id) => [{ type: 'DepartmentLimits', id: `caps-${id}` }],
    }),
    departmentCapsUpdate: build.mutation<{ data: DepartmentCaps }, { id: number; body: DepartmentCapsBody }>({
      query: ({ id, body }) => ({ url: `${departmentPath(id)}/caps`, method: 'PUT', data: body }),
      invalidatesTags: (result, _error, { id }) => (result ? [{ type: 'DepartmentLimits', id: `caps-${id}` }, 'DepartmentLimits'] : []),
    }),
    // Counters move with every delivery: fetched afresh when the board opens, then polled.
    capsBoard: build.query<{ data: CapsBoardRow[] }, void>({
      query: () => ({ url: '/distribution/caps' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useDepartmentHoursQuery, useDepartmentHoursUpdateMutation, useDepartmentCapsQuery, useDepartmentCapsUpdateMutation, useCapsBoardQuery } = distributionApi;
