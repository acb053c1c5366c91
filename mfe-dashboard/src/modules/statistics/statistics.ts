/** What the dashboard derives from the statistics answer, free of React so it is tested on its own. */
import moment from 'moment';
import type { DashboardCard, DashboardCardKey, DashboardDepartment, DashboardStatistics, DepartmentMetricKey } from '@crm/shared/contract';

/**
 * The cards and metrics in the order the dashboard lays them out. Only types come from the contract: the dashboard
 * needs none of its zod schemas at run time, so it never loads them. Records, so a key added to the contract must be
 * placed here.
 */
const cardLayout: Record<DashboardCardKey, true> = { leads: true, failed_leads: true, sent_success: true, sent_failure: true, ftds: true };
const metricLayout: Record<DepartmentMetricKey, true> = { sent_success: true, sent_failure: true, ftds: true };
export const cardKeys = Object.keys(cardLayout) as DashboardCardKey[];
export const metricKeys = Object.keys(metricLayout) as DepartmentMetricKey[];
const weekDays = 7;

export type ChartSeries = { name: string; data: number[] };

/** Today as YYYY-MM-DD in `timeZone` (the latest week the picker offers). */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const dayLabelFormat = 'MMM DD';

/** '2026-03-05' → 'Mar 05'. */
export function dayLabels(days: readonly string[]): string[] {
  return days.map((day) => moment(day, 'YYYY-MM-DD', true).format(dayLabelFormat));
}

/** Each card by its key; a card the answer lacks counts as zero. */
export function cardsByKey(cards: readonly DashboardCard[]): Record<DashboardCardKey, DashboardCard> {
  const zero = (key: DashboardCardKey): DashboardCard => ({ key, value: 0, previous: 0, percentage: 0, increase: false, values: Array<number>(weekDays).fill(0) });
  return Object.fromEntries(cardKeys.map((key) => [key, cards.find((card) => card.key === key) ?? zero(key)])) as Record<DashboardCardKey, DashboardCard>;
}

export type Trend = 'increase' | 'decrease' | 'unchanged';

/** Unchanged when the week equals the one before, even if the server's rounded percentage hides a tiny change the other way round. */
export function trendOf(card: DashboardCard): Trend {
  if (card.value === card.previous) return 'unchanged';
  return card.increase ? 'increase' : 'decrease';
}

/** Cards where fewer is better: their increase is shown as bad news. */
const failureCards: ReadonlySet<DashboardCardKey> = new Set(['failed_leads', 'sent_failure']);

export function isGoodTrend(key: DashboardCardKey, trend: Trend): boolean | null {
  if (trend === 'unchanged') return null;
  return (trend === 'increase') !== failureCards.has(key);
}

export function hasData(series: readonly ChartSeries[]): boolean {
  return series.some((one) => one.data.some((value) => value > 0));
}

/** Nothing at all in the week: every card is zero and no department had a send or an FTD. */
export function isEmptyWeek(statistics: DashboardStatistics): boolean {
  return statistics.departments.length === 0 && statistics.cards.every((card) => card.value === 0);
}

/** The combiner's defaults: the first (up to) three departments and every metric. */
const defaultDepartmentCount = 3;
export function defaultDepartmentIds(departments: readonly DashboardDepartment[]): number[] {
  return departments.slice(0, defaultDepartmentCount).map((department) => department.broker_department_id);
}

/** One series per picked department × picked metric, in the answer's department order and the contract's metric order. */
export function combinerSeries(
  departments: readonly DashboardDepartment[],
  departmentIds: readonly number[],
  metrics: readonly DepartmentMetricKey[],
  metricLabel: (metric: DepartmentMetricKey) => string,
): ChartSeries[] {
  const picked = new Set(departmentIds);
  const pickedMetrics = metricKeys.filter((metric) => metrics.includes(metric));
  return departments
    .filter((department) => picked.has(department.broker_department_id))
    .flatMap((department) => pickedMetrics.map((metric) => ({ name: `${department.label} · ${metricLabel(metric)}`, data: department[metric] })));
}

/** The size of a change, its direction being the marker's: 12.5 → '12.5%', -20 → '20%'. */
export function formatPercentage(percentage: number, language: string): string {
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(Math.abs(percentage))}%`;
}
