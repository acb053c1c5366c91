/** Search, filters and pagination of a server-paginated list; any change of search or filter goes back to page 1. */
import { useState } from 'react';
import type { ListParams } from '../api/managementApi.ts';

export const defaultPageSize = 25;

export function useListQueryState<Filter extends string>() {
  const [search, setSearchText] = useState('');
  const [filters, setFilters] = useState<Partial<Record<Filter, string | number>>>({});
  const [page, setPage] = useState({ current: 1, pageSize: defaultPageSize });

  const params: ListParams = { ...filters, search: search || undefined, page: page.current, per_page: page.pageSize };

  return {
    params,
    filters,
    setSearch(value: string) {
      setSearchText(value.trim());
      setPage((current) => ({ ...current, current: 1 }));
    },
    setFilter(name: Filter, value: string | number | undefined) {
      setFilters((current) => {
        const next = { ...current };
        if (value === undefined || value === '') delete next[name];
        else next[name] = value;
        return next;
      });
      setPage((current) => ({ ...current, current: 1 }));
    },
    pagination(total: number) {
      return { current: page.current, pageSize: page.pageSize, total, onChange: (current: number, pageSize: number) => setPage({ current, pageSize }) };
    },
  };
}
