import { act, renderHook } from '@testing-library/react';
import { useListState } from './useListState.ts';

test('the list asks for the first page of 25 in the default order until told otherwise', () => {
  const { result } = renderHook(() => useListState({ defaultSort: { sort: 'name', direction: 'asc' } }));
  expect(result.current.params).toEqual({ search: undefined, sort: 'name', direction: 'asc', page: 1, per_page: 25 });
});

test('a search, a filter or a sort goes back to page 1; an emptied filter is dropped', () => {
  const { result } = renderHook(() => useListState<'status'>());
  act(() => result.current.pagination(100).onChange(3, 25));
  expect(result.current.params.page).toBe(3);
  act(() => result.current.setFilter('status', 'failed'));
  expect(result.current.params).toMatchObject({ status: 'failed', page: 1 });
  act(() => result.current.pagination(100).onChange(2, 25));
  act(() => result.current.setSearch('  ann  '));
  expect(result.current.params).toMatchObject({ search: 'ann', page: 1 });
  act(() => result.current.setFilter('status', ''));
  expect(result.current.params).not.toHaveProperty('status');
});

test('initial filters given as a function are read once, on mount', () => {
  const readFilters = jest.fn(() => ({ lead_id: 7 }));
  const { result, rerender } = renderHook(() => useListState<'lead_id'>({ initialFilters: readFilters }));
  rerender();
  act(() => result.current.setSearch('x'));
  expect(result.current.params).toMatchObject({ lead_id: 7, search: 'x' });
  expect(readFilters).toHaveBeenCalledTimes(1);
});
