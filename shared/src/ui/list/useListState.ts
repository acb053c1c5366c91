/**
 * Search, filters, sort and pagination of a server-paginated list, and the query params they make.
 * Any change of search, filter or sort goes back to page 1. `useListState` keeps them in the component;
 * `useUrlListState` keeps them in the page's URL, so a reload, a shared link or the back button shows the same list.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

const defaultPageSize = 25;

export type SortDirection = 'asc' | 'desc';
/** A server-side order: `sort` is a key the list's endpoint sorts on. */
export type ListSort = { sort: string; direction: SortDirection };
export type ListParams = Record<string, string | number | undefined>;
export type FilterValue = string | number;

type ListStateOptions<Filter extends string> = {
  /** The order sent while the user has chosen none; without it the server's default applies. */
  defaultSort?: ListSort;
  /** The filters the list starts with (as useState takes them: a function is called once, on mount). */
  initialFilters?: Partial<Record<Filter, FilterValue>> | (() => Partial<Record<Filter, FilterValue>>);
};

type ListView<Filter extends string> = {
  search: string;
  filters: Partial<Record<Filter, FilterValue>>;
  sort: ListSort | null;
  page: { current: number; pageSize: number };
};

/** The list's params and setters over one view of it, wherever that view is kept. */
function listStateOver<Filter extends string>(view: ListView<Filter>, update: (change: (current: ListView<Filter>) => ListView<Filter>) => void, defaultSort?: ListSort) {
  const firstPage = (current: ListView<Filter>) => ({ ...current, page: { ...current.page, current: 1 } });
  const order = view.sort ?? defaultSort;
  const params: ListParams = {
    ...view.filters,
    search: view.search || undefined,
    ...(order ? { sort: order.sort, direction: order.direction } : {}),
    page: view.page.current,
    per_page: view.page.pageSize,
  };
  return {
    params,
    filters: view.filters,
    search: view.search,
    setSearch(value: string) {
      update((current) => firstPage({ ...current, search: value.trim() }));
    },
    setFilter(name: Filter, value: FilterValue | undefined) {
      update((current) => {
        const filters = { ...current.filters };
        if (value === undefined || value === '') delete filters[name];
        else filters[name] = value;
        return firstPage({ ...current, filters });
      });
    },
    /** For DataTable's onSortChange; null goes back to the default order. */
    setSort(next: ListSort | null) {
      update((current) => firstPage({ ...current, sort: next }));
    },
    pagination(total: number) {
      return {
        current: view.page.current,
        pageSize: view.page.pageSize,
        total,
        onChange: (current: number, pageSize: number) => update((state) => ({ ...state, page: { current, pageSize } })),
      };
    },
  };
}

export function useListState<Filter extends string = never>({ defaultSort, initialFilters = {} }: ListStateOptions<Filter> = {}) {
  const [view, setView] = useState<ListView<Filter>>(() => ({
    search: '',
    filters: typeof initialFilters === 'function' ? initialFilters() : initialFilters,
    sort: null,
    page: { current: 1, pageSize: defaultPageSize },
  }));
  return listStateOver(view, setView, defaultSort);
}

const reservedParams = new Set(['search', 'sort', 'direction', 'page', 'per_page']);
const positiveInteger = (text: string | null, fallback: number) => (text !== null && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : fallback);

/** The view a URL holds: `filters` are the params named in `filterNames` (digits read as numbers). */
function viewOfUrl<Filter extends string>(url: URLSearchParams, filterNames: readonly Filter[]): ListView<Filter> {
  const filters: Partial<Record<Filter, FilterValue>> = {};
  for (const name of filterNames) {
    const value = url.get(name);
    if (value !== null && value !== '' && !reservedParams.has(name)) filters[name] = /^\d{1,15}$/.test(value) ? Number(value) : value;
  }
  const sort = url.get('sort');
  const direction = url.get('direction') === 'desc' ? 'desc' : 'asc';
  return {
    search: url.get('search') ?? '',
    filters,
    sort: sort ? { sort, direction } : null,
    page: { current: positiveInteger(url.get('page'), 1), pageSize: positiveInteger(url.get('per_page'), defaultPageSize) },
  };
}

function urlOfView<Filter extends string>(view: ListView<Filter>): URLSearchParams {
  const url = new URLSearchParams();
  if (view.search) url.set('search', view.search);
  for (const [name, value] of Object.entries<FilterValue | undefined>(view.filters)) if (value !== undefined) url.set(name, String(value));
  if (view.sort) {
    url.set('sort', view.sort.sort);
    url.set('direction', view.sort.direction);
  }
  if (view.page.current !== 1) url.set('page', String(view.page.current));
  if (view.page.pageSize !== defaultPageSize) url.set('per_page', String(view.page.pageSize));
  return url;
}

/** As `useListState`, kept in the URL: `filterNames` are the filters the URL may carry. */
export function useUrlListState<Filter extends string = never>(filterNames: readonly Filter[], { defaultSort }: Pick<ListStateOptions<Filter>, 'defaultSort'> = {}) {
  const [url, setUrl] = useSearchParams();
  const view = viewOfUrl(url, filterNames);
  return listStateOver(view, (change) => setUrl((current) => urlOfView(change(viewOfUrl(current, filterNames)))), defaultSort);
}
