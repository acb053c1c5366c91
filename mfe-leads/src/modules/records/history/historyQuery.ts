/**
 * The send-history filters live in the URL (a search can be bookmarked and shared). Only valid values reach
 * the API, so a hand-edited URL never turns the list into a 422.
 */
import { sendStates } from '@crm/shared/contract';
import type { ListParams, ListSort } from '@crm/shared/ui';

export const historyFilterKeys = ['lead', 'department_id', 'broker_id', 'state', 'failure_status', 'lead_status', 'from', 'to'] as const;
export type HistoryFilterKey = (typeof historyFilterKeys)[number];
export type HistoryFilters = Partial<Record<HistoryFilterKey, string>>;

const defaultPageSize = 25;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const positiveId = /^[1-9]\d{0,8}$/;
const sortKeys = ['created_at', 'duration_ms'];

const validators: Record<HistoryFilterKey, (value: string) => boolean> = {
  lead: (value) => value.length <= 255,
  department_id: (value) => positiveId.test(value),
  broker_id: (value) => positiveId.test(value),
  state: (value) => (sendStates as readonly string[]).includes(value),
  failure_status: (value) => value.length <= 255,
  lead_status: (value) => value.length <= 255,
  from: (value) => isoDay.test(value) && !Number.isNaN(Date.parse(value)),
  to: (value) => isoDay.test(value) && !Number.isNaN(Date.parse(value)),
};

/** The filters the URL holds, the invalid ones left out. */
export function historyFiltersOf(search: URLSearchParams): HistoryFilters {
  const filters: HistoryFilters = {};
  for (const key of historyFilterKeys) {
    const value = search.get(key)?.trim();
    if (value && validators[key](value)) filters[key] = value;
  }
  return filters;
}

export function historyPageOf(search: URLSearchParams): { current: number; pageSize: number } {
  const page = Number(search.get('page'));
  const size = Number(search.get('per_page'));
  return {
    current: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: Number.isInteger(size) && size >= 1 && size <= 500 ? size : defaultPageSize,
  };
}

function historySortOf(search: URLSearchParams): ListSort | null {
  const sort = search.get('sort');
  const direction = search.get('direction');
  if (!sort || !sortKeys.includes(sort)) return null;
  return { sort, direction: direction === 'asc' ? 'asc' : 'desc' };
}

/** The list query: filters, order and page, ids as numbers. */
export function historyParamsOf(search: URLSearchParams): ListParams {
  const filters = historyFiltersOf(search);
  const { current, pageSize } = historyPageOf(search);
  const sort = historySortOf(search);
  return {
    ...filters,
    department_id: filters.department_id === undefined ? undefined : Number(filters.department_id),
    broker_id: filters.broker_id === undefined ? undefined : Number(filters.broker_id),
    ...(sort ? { sort: sort.sort, direction: sort.direction } : {}),
    page: current,
    per_page: pageSize,
  };
}
