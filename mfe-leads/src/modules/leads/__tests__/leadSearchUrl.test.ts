import { leadListParams, readLeadSearch, writeLeadSearch } from '../hooks/leadSearchUrl.ts';

test('a hand-edited link keeps only what the API accepts', () => {
  const state = readLeadSearch(new URLSearchParams('status_id=1,x,0,2&country=D,DE&has_deposit=maybe&is_fresh=false&created_to=2024-13&sent=nope&sort=name&page=-3&per_page=7'));
  expect(state).toEqual({ filters: { status_id: '1,2', country: 'DE', is_fresh: 'false' }, page: 1, perPage: 25, sort: null });
  expect(readLeadSearch(new URLSearchParams('distribution=lost')).filters).toEqual({});
  expect(readLeadSearch(new URLSearchParams('distribution=unassigned')).filters).toEqual({ distribution: 'unassigned' });
});

test("a date filter keeps the reports' drill-down instants, which the API takes, and drops impossible ones", () => {
  const drillDown = readLeadSearch(new URLSearchParams('created_from=2026-11-29T00:00:00.000Z&created_to=2026-11-29T23:59:59.999Z'));
  expect(drillDown.filters).toEqual({ created_from: '2026-11-29T00:00:00.000Z', created_to: '2026-11-29T23:59:59.999Z' });
  expect(readLeadSearch(new URLSearchParams('ftd_from=2026-11-29T25:99:00Z&ftd_to=2026-13-01')).filters).toEqual({});
});

test('the URL written back reads as the same state, defaults left out', () => {
  const state = { filters: { tag_id: '4,5', search: 'ada' }, page: 3, perPage: 50, sort: { sort: 'api_ftd_at' as const, direction: 'asc' as const } };
  const params = writeLeadSearch(state);
  expect(params.toString()).toBe('search=ada&tag_id=4%2C5&sort=api_ftd_at&direction=asc&page=3&per_page=50');
  expect(readLeadSearch(params)).toEqual(state);
  expect(writeLeadSearch({ filters: {}, page: 1, perPage: 25, sort: null }).toString()).toBe('');
  expect(leadListParams(state)).toEqual({ search: 'ada', tag_id: '4,5', sort: 'api_ftd_at', direction: 'asc', page: 3, per_page: 50 });
});
