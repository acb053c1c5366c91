import { addDays, daysOf, parseReportView, reportViewQuery, secondGroupings, withFirstGrouping, withRange, type ReportView } from '../reportView.ts';

const today = '2026-03-10';
const query = (text: string) => new URLSearchParams(text);

test('the relative ranges end today and count back across months and leap days', () => {
  expect(daysOf('today', today)).toEqual(['2026-03-10', '2026-03-10']);
  expect(daysOf('yesterday', today)).toEqual(['2026-03-09', '2026-03-09']);
  expect(daysOf('7d', today)).toEqual(['2026-03-04', '2026-03-10']);
  expect(daysOf('30d', today)).toEqual(['2026-02-09', '2026-03-10']);
  expect(daysOf('month', today)).toEqual(['2026-03-01', '2026-03-10']);
  expect(daysOf('yesterday', '2028-03-01')).toEqual(['2028-02-29', '2028-02-29']);
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
});

test('a query reads back as the view it was written from', () => {
  const view: ReportView = { range: 'custom', from: '2026-01-05', to: '2026-02-01', groupBy: ['affiliate_company', 'country'], metric: 'conversion' };
  const written = reportViewQuery(view);

  expect(written).toBe('range=custom&from=2026-01-05&to=2026-02-01&group_by=affiliate_company,country&metric=conversion');
  expect(parseReportView(query(written), today)).toEqual(view);
  // As URLSearchParams writes it (a comma encoded) it reads the same.
  expect(parseReportView(query(new URLSearchParams(written).toString()), today)).toEqual(view);
});

test('a relative range is counted from today, whatever days its query wrote down', () => {
  expect(parseReportView(query('range=7d&from=2020-01-01&to=2020-01-07&group_by=day'), today)).toMatchObject({ range: '7d', from: '2026-03-04', to: '2026-03-10' });
  expect(parseReportView(query('range=month&group_by=day'), today)).toMatchObject({ range: 'month', from: '2026-03-01', to: '2026-03-10' });
});

test('what cannot be read falls back to the last 7 days by day, charting accepted leads', () => {
  const fallback = { range: '7d', from: '2026-03-04', to: '2026-03-10', groupBy: ['day'], metric: 'accepted' };
  expect(parseReportView(query(''), today)).toEqual(fallback);
  expect(parseReportView(query('range=forever&group_by=colour&metric=profit'), today)).toEqual(fallback);
  expect(parseReportView(query('range=custom&from=2026-02-30&to=2026-03-01'), today)).toEqual(fallback);
  // Two readable days without a range are a custom one.
  expect(parseReportView(query('from=2026-02-01&to=2026-02-03'), today)).toMatchObject({ range: 'custom', from: '2026-02-01', to: '2026-02-03' });
});

test('groupings: unknown and repeated ones are dropped, at most two kept; two periods are left for the API to refuse', () => {
  expect(parseReportView(query('group_by=country,nope,country,broker,day'), today).groupBy).toEqual(['country', 'broker']);
  expect(parseReportView(query('group_by=hour,day'), today).groupBy).toEqual(['hour', 'day']);
});

test('picking a range, or a first grouping, keeps what still fits', () => {
  const view: ReportView = { range: 'custom', from: '2026-01-05', to: '2026-02-01', groupBy: ['country', 'day'], metric: 'ftds' };

  expect(withRange(view, 'yesterday', today)).toMatchObject({ range: 'yesterday', from: '2026-03-09', to: '2026-03-09' });
  expect(withRange({ ...view, range: '7d' }, 'custom', today)).toMatchObject({ range: 'custom', from: '2026-01-05', to: '2026-02-01' });
  expect(withFirstGrouping(view, 'broker').groupBy).toEqual(['broker', 'day']);
  expect(withFirstGrouping(view, 'day').groupBy).toEqual(['day']);
  expect(withFirstGrouping(view, 'week').groupBy).toEqual(['week']);
  expect(secondGroupings('week')).toEqual(['affiliate_company', 'source', 'broker', 'department', 'country', 'language', 'funnel']);
  expect(secondGroupings('country')).toEqual(['hour', 'day', 'week', 'month', 'affiliate_company', 'source', 'broker', 'department', 'language', 'funnel']);
});
