/** The send-history search state on the URL: each change of filter or order goes back to page 1. */
import { useSearchParams } from 'react-router-dom';
import type { ListSort } from '@crm/shared/ui';
import { historyFilterKeys, historyFiltersOf, historyPageOf, historyParamsOf, type HistoryFilterKey } from './historyQuery.ts';

type Changes = Record<string, string | undefined>;

export function useHistoryQuery() {
  const [search, setSearch] = useSearchParams();
  const page = historyPageOf(search);

  function change(changes: Changes, keepPage = false) {
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value.trim() === '') next.delete(key);
        else next.set(key, value.trim());
      }
      if (!keepPage) next.delete('page');
      return next;
    });
  }

  return {
    params: historyParamsOf(search),
    filters: historyFiltersOf(search),
    setFilter: (key: HistoryFilterKey, value: string | number | undefined) => change({ [key]: value === undefined ? undefined : String(value) }),
    clearFilters: () => change(Object.fromEntries(historyFilterKeys.map((key) => [key, undefined]))),
    setSort: (sort: ListSort | null) => change({ sort: sort?.sort, direction: sort?.direction }),
    pagination: (total: number) => ({
      current: page.current,
      pageSize: page.pageSize,
      total,
      onChange: (current: number, pageSize: number) => change({ page: String(current), per_page: String(pageSize) }, true),
    }),
  };
}
