/**
 * Search, filters, sort and pagination of a server-paginated list, and the query params they make.
 * Any change of search, filter or sort goes back to page 1.
 */
import { useState } from 'react';

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

export function useListState<Filter extends string = never>({ defaultSort, initialFilters = {} }: ListStateOptions<Filter> = {}) {
  const [search, setSearchText] = useState('');
  const [filters, setFilters] = useState<Partial<Record<Filter, FilterValue>>>(initialFilters);
  const [sort, setSortState] = useState<ListSort | null>(null);
  const [page, setPage] = useState({ current: 1, pageSize: defaultPageSize });
  const firstPage = () => setPage((current) => ({ ...current, current: 1 }));
  const order = sort ?? defaultSort;

  const params: ListParams = {
    ...filters,
    search: search || undefined,
    ...(order ? { sort: order.sort, direction: order.direction } : {}),
    page: page.current,
    per_page: page.pageSize,
  };

  return {
    params,
    filters,
    setSearch(value: string) {
      setSearchText(value.trim());
      firstPage();
    },
    setFilter(name: Filter, value: FilterValue | undefined) {
      setFilters((current) => {
        const next = { ...current };
        if (value === undefined || value === '') delete next[name];
        else next[name] = value;
        return next;
      });
      firstPage();
    },
    /** For DataTable's onSortChange; null goes back to the default order. */
    setSort(next: ListSort | null) {
      setSortState(next);
      firstPage();
    },
    pagination(total: number) {
      return { current: page.current, pageSize: page.pageSize, total, onChange: (current: number, pageSize: number) => setPage({ current, pageSize }) };
    },
  };
}
