/**
 * The search screen's state as URL query parameters (shareable, survives a reload): the filters of
 * `leadFilterKeys`, page, per_page, sort and direction. Multi-value filters are comma-separated, as the
 * API takes them. Anything in the URL that the API would refuse is dropped here, so a hand-edited link
 * never turns into a 422.
 */
import { distributionStates, isIsoDateFilterValue, leadFilterKeys, leadMultiValueFilters, leadSortKeys, type LeadFilterKey } from '@crm/shared/contract';

export const leadPageSizes = [10, 25, 50, 100] as const;
const defaultLeadPageSize = 25;

/** Filters taking several values (`status_id=1,2`): ids, except country and language which are codes. */
export const multiValueFilters = leadMultiValueFilters;
export type MultiValueFilter = (typeof multiValueFilters)[number];
const codeFilters: readonly MultiValueFilter[] = ['country', 'language'];

const dateFilters = ['created_from', 'created_to', 'ftd_from', 'ftd_to'] as const satisfies readonly LeadFilterKey[];
const yesNoFilters = ['has_deposit', 'is_fresh'] as const satisfies readonly LeadFilterKey[];

export type LeadSortKey = (typeof leadSortKeys)[number];
export type LeadSort = { sort: LeadSortKey; direction: 'asc' | 'desc' };

/** Filter values as the URL holds them: one string each, lists comma-joined. */
export type LeadFilters = Partial<Record<LeadFilterKey, string>>;

export type LeadSearchState = {
  filters: LeadFilters;
  page: number;
  perPage: number;
  /** null: the user chose none and the API's default order (newest first) applies. */
  sort: LeadSort | null;
};

const isMultiValue = (key: LeadFilterKey): key is MultiValueFilter => (multiValueFilters as readonly string[]).includes(key);

export function splitList(value: string | undefined): string[] {
  return value
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
    : [];
}

/** The value the API accepts for one filter, or undefined when the URL's text is not one. */
function cleanFilter(key: LeadFilterKey, raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  if (isMultiValue(key)) {
    const parts = splitList(value);
    const kept = codeFilters.includes(key) ? parts.filter((part) => part.length >= 2 && part.length <= 16) : parts.filter((part) => /^[1-9]\d{0,9}$/.test(part));
    return kept.length > 0 ? kept.join(',') : undefined;
  }
  // A day as the panel writes it, or an exact instant as the reports' drill-down links carry it.
  if ((dateFilters as readonly string[]).includes(key)) return isIsoDateFilterValue(value) ? value : undefined;
  if ((yesNoFilters as readonly string[]).includes(key)) return value === 'true' || value === 'false' ? value : undefined;
  if (key === 'sent') return value === 'sent' || value === 'not_sent' ? value : undefined;
  if (key === 'distribution') return (distributionStates as readonly string[]).includes(value) ? value : undefined;
  return value.slice(0, 255);
}

function positiveInt(raw: string | null, fallback: number): number {
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

export function readLeadSearch(params: URLSearchParams): LeadSearchState {
  const filters: LeadFilters = {};
  for (const key of leadFilterKeys) {
    const raw = params.get(key);
    const value = raw === null ? undefined : cleanFilter(key, raw);
    if (value !== undefined) filters[key] = value;
  }
  const perPage = positiveInt(params.get('per_page'), defaultLeadPageSize);
  const sortKey = params.get('sort');
  const direction = params.get('direction');
  const sort = (leadSortKeys as readonly (string | null)[]).includes(sortKey)
    ? { sort: sortKey as LeadSortKey, direction: direction === 'asc' ? ('asc' as const) : ('desc' as const) }
    : null;
  return {
    filters,
    page: Math.min(positiveInt(params.get('page'), 1), 100_000),
    perPage: (leadPageSizes as readonly number[]).includes(perPage) ? perPage : defaultLeadPageSize,
    sort,
  };
}

export function writeLeadSearch(state: LeadSearchState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of leadFilterKeys) {
    const value = state.filters[key];
    if (value !== undefined && value !== '') params.set(key, value);
  }
  if (state.sort) {
    params.set('sort', state.sort.sort);
    params.set('direction', state.sort.direction);
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.perPage !== defaultLeadPageSize) params.set('per_page', String(state.perPage));
  return params;
}

/** The filters that hold a value, as a bulk action over "the current filter" sends them (export, send). */
export function filledFilters(filters: LeadFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

/** The query of `GET /lead` for this state. */
export function leadListParams(state: LeadSearchState): Record<string, string | number> {
  return {
    ...state.filters,
    ...(state.sort ? { sort: state.sort.sort, direction: state.sort.direction } : {}),
    page: state.page,
    per_page: state.perPage,
  } as Record<string, string | number>;
}
