/** The search screen's filters, page and order, read from and written to the URL (react-router). */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readLeadSearch, writeLeadSearch, type LeadFilters, type LeadSearchState, type LeadSort } from './leadSearchUrl.ts';

export function useLeadSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readLeadSearch(params), [params]);

  const update = useCallback(
    (change: (current: LeadSearchState) => LeadSearchState) => {
      // Read the current URL inside the setter so two quick changes never overwrite each other.
      setParams((current) => writeLeadSearch(change(readLeadSearch(current))));
    },
    [setParams],
  );

  return {
    state,
    /** New filters start again at page 1; the order and page size stay. */
    applyFilters: useCallback((filters: LeadFilters) => update((current) => ({ ...current, filters, page: 1 })), [update]),
    setSort: useCallback((sort: LeadSort | null) => update((current) => ({ ...current, sort, page: 1 })), [update]),
    setPage: useCallback((page: number, perPage: number) => update((current) => ({ ...current, page: perPage === current.perPage ? page : 1, perPage })), [update]),
  };
}
