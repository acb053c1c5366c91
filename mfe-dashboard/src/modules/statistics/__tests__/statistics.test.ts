import { cardFixture, emptyStatisticsFixture, statisticsFixture } from '../../../testing/statisticsFixtures.ts';
import { cardsByKey, dayLabels, formatPercentage, isEmptyWeek, isGoodTrend, trendOf } from '../statistics.ts';

test('day labels read like Mar 05', () => {
  expect(dayLabels(['2026-03-05', '2026-12-31'])).toEqual(['Mar 05', 'Dec 31']);
});

test('a card the answer lacks counts as zero', () => {
  const cards = cardsByKey([cardFixture('leads', { value: 5 })]);
  expect(cards.leads.value).toBe(5);
  expect(cards.ftds).toEqual({ key: 'ftds', value: 0, previous: 0, percentage: 0, increase: false, values: [0, 0, 0, 0, 0, 0, 0] });
});

test('the same total as the week before is unchanged, whatever the flag says', () => {
  expect(trendOf(cardFixture('leads', { value: 10, previous: 10, increase: true }))).toBe('unchanged');
  expect(trendOf(cardFixture('leads', { value: 11, previous: 10, increase: true }))).toBe('increase');
  expect(trendOf(cardFixture('leads', { value: 9, previous: 10, increase: false }))).toBe('decrease');
});

test('more failures is bad news, more leads good news', () => {
  expect(isGoodTrend('leads', 'increase')).toBe(true);
  expect(isGoodTrend('sent_failure', 'increase')).toBe(false);
  expect(isGoodTrend('failed_leads', 'decrease')).toBe(true);
  expect(isGoodTrend('ftds', 'unchanged')).toBeNull();
});

test("changes in the reader's language, without their sign", () => {
  expect(formatPercentage(12.5, 'en')).toBe('12.5%');
  expect(formatPercentage(-20, 'en')).toBe('20%');
  expect(formatPercentage(12.5, 'de')).toBe('12,5%');
});

test('a week is empty only with every card at zero and no department', () => {
  expect(isEmptyWeek(emptyStatisticsFixture())).toBe(true);
  expect(isEmptyWeek(statisticsFixture())).toBe(false);
  expect(isEmptyWeek({ ...emptyStatisticsFixture(), departments: statisticsFixture().departments })).toBe(false);
});
