import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { act, renderHook } from '@testing-library/react';
import { useListState, useUrlListState } from './useListState.ts';

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

describe('kept in the URL', () => {
  function renderInUrl(initialUrl: string) {
    let location = '';
    function Probe() {
      const current = useLocation();
      location = `${current.pathname}${current.search}`;
      return null;
    }
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={[initialUrl]}>
        {children}
        <Probe />
      </MemoryRouter>
    );
    const rendered = renderHook(() => useUrlListState(['reason_code', 'source_id'] as const, { defaultSort: { sort: 'created_at', direction: 'desc' } }), { wrapper });
    return { ...rendered, location: () => location };
  }

  test('a list opened from a URL reads its search, filters (ids as numbers), order and page from it', () => {
    const { result } = renderInUrl('/failed?search=ann&reason_code=DUPLICATE&source_id=7&sort=reason_code&direction=asc&page=3&other=x');
    expect(result.current.params).toEqual({ search: 'ann', reason_code: 'DUPLICATE', source_id: 7, sort: 'reason_code', direction: 'asc', page: 3, per_page: 25 });
    expect(result.current.search).toBe('ann');
  });

  test('each change is written to the URL and goes back to page 1; an emptied filter leaves it', () => {
    const { result, location } = renderInUrl('/failed?page=4');
    act(() => result.current.setFilter('source_id', 9));
    expect(location()).toBe('/failed?source_id=9');
    act(() => result.current.setSearch('  bob '));
    act(() => result.current.pagination(100).onChange(2, 50));
    expect(location()).toBe('/failed?search=bob&source_id=9&page=2&per_page=50');
    act(() => result.current.setFilter('source_id', undefined));
    expect(result.current.params).toEqual({ search: 'bob', sort: 'created_at', direction: 'desc', page: 1, per_page: 50 });
  });
});
