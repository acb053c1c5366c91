import { historyFiltersOf, historyParamsOf } from '../history/historyQuery.ts';

test('the list query takes the valid URL filters, ids as numbers, with the order and page', () => {
  const search = new URLSearchParams('lead=L-1&department_id=3&state=failure&from=2024-03-01&to=2024-03-31&sort=duration_ms&direction=asc&page=2&per_page=50');

  expect(historyParamsOf(search)).toEqual({
    lead: 'L-1',
    department_id: 3,
    broker_id: undefined,
    state: 'failure',
    from: '2024-03-01',
    to: '2024-03-31',
    sort: 'duration_ms',
    direction: 'asc',
    page: 2,
    per_page: 50,
  });
});

test('a hand-edited URL never reaches the API with values it would refuse', () => {
  const search = new URLSearchParams('department_id=abc&broker_id=-1&state=lost&from=yesterday&sort=email&page=0');

  expect(historyFiltersOf(search)).toEqual({});
  expect(historyParamsOf(search)).toMatchObject({ page: 1, per_page: 25 });
  expect(historyParamsOf(search)).not.toHaveProperty('sort');
});
