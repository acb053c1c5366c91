/** A department's hours and caps (`/broker/department/:id/{hours,caps}`) and the caps board (`/distribution/caps`). */
import { baseApi, liveCacheUpdates } from '@crm/shared';
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
    // Counters move with every delivery: fetched afresh when the board opens, then read again on each `caps` event (at
    // most every second however busy the distribution is), polled only while the live stream is down.
    capsBoard: build.query<{ data: CapsBoardRow[] }, void>({
      query: () => ({ url: '/distribution/caps' }),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: liveCacheUpdates<void, { data: CapsBoardRow[] }, 'caps'>('caps', (_event, entry) => entry.refetch(), 1_000),
    }),
  }),
});

export const { useDepartmentHoursQuery, useDepartmentHoursUpdateMutation, useDepartmentCapsQuery, useDepartmentCapsUpdateMutation, useCapsBoardQuery } = distributionApi;
