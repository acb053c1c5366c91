import { formatP, formatRate, formatShare, formatZ } from '../shaveFormat.ts';
import { horizonOf, parseShaveView, shaveViewQuery, tabOf } from '../shaveView.ts';

const query = (text: string) => new URLSearchParams(text);

test('the tab: shave only when named, the report otherwise', () => {
  expect(tabOf(query('tab=shave&week=2026-03-09'))).toBe('shave');
  expect(tabOf(query('range=7d'))).toBe('report');
  expect(tabOf(query('tab=other'))).toBe('report');
});

test('a week is a Monday that exists; anything else leaves it to the API', () => {
  expect(parseShaveView(query('tab=shave&week=2026-03-09&horizon_days=14'))).toEqual({ week: '2026-03-09', horizonDays: 14 });
  expect(parseShaveView(query('week=2026-03-10')).week).toBeUndefined();
  expect(parseShaveView(query('week=2026-02-30')).week).toBeUndefined();
  expect(parseShaveView(query('week=next')).week).toBeUndefined();
  expect(parseShaveView(query(''))).toEqual({ week: undefined, horizonDays: 7 });
});

test('a horizon of 1 to 60 whole days; anything else is 7', () => {
  expect([horizonOf('1'), horizonOf('60'), horizonOf(30)]).toEqual([1, 60, 30]);
  expect([horizonOf('0'), horizonOf('61'), horizonOf('7.5'), horizonOf(' 9'), horizonOf(null), horizonOf(2.5)]).toEqual([7, 7, 7, 7, 7, 7]);
});

test('the URL query: the tab, the week when one is picked, the horizon', () => {
  expect(shaveViewQuery({ week: '2026-03-09', horizonDays: 14 })).toBe('tab=shave&week=2026-03-09&horizon_days=14');
  expect(shaveViewQuery({ week: undefined, horizonDays: 7 })).toBe('tab=shave&horizon_days=7');
});

test('figures in the console’s language: rates as percents, z with two decimals, p with two digits', () => {
  expect([formatRate(0.05, 'en'), formatRate(1 / 3, 'en'), formatRate(null, 'en')]).toEqual(['5%', '33.3%', '—']);
  expect(formatRate(1 / 3, 'de')).toBe('33,3\u00a0%');
  expect(formatShare({ n: 1200, x: 360, rate: 0.3 }, 'en')).toBe('30% (360 / 1,200)');
  expect([formatZ(-3.13368, 'en'), formatZ(2, 'de')]).toEqual(['-3.13', '2,00']);
  expect([formatP(0.000863, 'en'), formatP(0.5, 'en'), formatP(0.0016281, 'de')]).toEqual(['0.00086', '0.5', '0,0016']);
  expect(formatP(1e-9, 'en')).toBe('< 0.0001');
});
