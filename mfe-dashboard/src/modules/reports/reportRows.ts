/** What the screen derives from a report: drill-down links, the table's orders and the chart's series. */
import type { Report, ReportGrouping, ReportKey, ReportMetricKey, ReportRow, ReportSearch, ReportSortColumn, ReportSortOrder } from '@crm/shared/contract';
import { routeUrl } from '@crm/shared/routes';
import { metricValue } from './reportFormat.ts';
import { groupings, isTimeGrouping } from './reportView.ts';

/** A key as the screen names it: the group of leads without a value as `noneLabel` (reports.none), as the files do. */
export const keyLabelOf = (key: ReportKey, noneLabel: string): string => (key.value === null ? noneLabel : key.label);

/** The column the table is sorted by (a metric or a grouping) and how; what the export asks the file to follow. */
export type ReportTableSort = { column: ReportSortColumn; order: ReportSortOrder };

/** The sort as it applies to a grouping: none when its column is not on show (a grouping since dropped). */
export function shownSort(sort: ReportTableSort | null, groupBy: readonly ReportGrouping[]): ReportTableSort | null {
  if (!sort) return null;
  const isGrouping = (groupings as readonly string[]).includes(sort.column);
  return !isGrouping || groupBy.some((grouping) => grouping === sort.column) ? sort : null;
}

/** The lead search showing the leads these parameters select. */
export const leadSearchHref = (search: ReportSearch): string => routeUrl('lead/search', undefined, search);

/**
 * The lead-search parameters of a row's leads: the range's, then each key's; where its key cells and its accepted
 * count lead. null when a key has none (the search has no filter for "without an affiliate company" or "without a
 * country"): the row's leads cannot be selected, and a wider list from any of its cells would mislead.
 */
export function rowSearch(report: Report, row: ReportRow): ReportSearch | null {
  if (row.keys.some((key) => key.search === null)) return null;
  return Object.assign({ ...report.search }, ...row.keys.map((key) => key.search));
}

/** A row's identity in the table: its keys' values (null written apart from any text a value could be). */
export const rowKeyOf = (row: ReportRow): string => JSON.stringify(row.keys.map((key) => key.value));

const compareText = (left: string, right: string) => left.localeCompare(right, undefined, { numeric: true, sensitivity: 'base' });

/** Rows in the order of their `index`th key: periods in time, other keys by label; the group without a value first. */
export function compareByKey(index: number, grouping: ReportGrouping): (left: ReportRow, right: ReportRow) => number {
  return (left, right) => {
    const [a, b] = [left.keys[index], right.keys[index]];
    if (!a || !b) return 0;
    if (a.value === null || b.value === null) return a.value === b.value ? 0 : a.value === null ? -1 : 1;
    return isTimeGrouping(grouping) ? compareText(a.value, b.value) : compareText(a.label, b.label) || compareText(a.value, b.value);
  };
}

/** Rows in the order of a metric, a missing value (no delivery, no FTD) below every number. */
export function compareByMetric(metric: ReportMetricKey): (left: ReportRow, right: ReportRow) => number {
  return (left, right) => {
    const [a, b] = [metricValue(left, metric), metricValue(right, metric)];
    if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
    return a - b;
  };
}

type ReportChartSeries = { name: string; data: (number | null)[] };
export type ReportChartData = {
  type: 'bar' | 'line';
  categories: string[];
  series: ReportChartSeries[];
  /** Groups of the second key left out of the chart (beyond `maxChartLines`). */
  hiddenLines: number;
};

/** More lines than this are a tangle: the largest are drawn, the table has every group. */
export const maxChartLines = 10;

/** Distinct keys in a stable order: periods in time, others in the answer's order. */
function distinctKeys(rows: readonly ReportRow[], index: number, grouping: ReportGrouping): ReportKey[] {
  const byValue = new Map<string | null, ReportKey>();
  for (const row of rows) {
    const key = row.keys[index];
    if (key && !byValue.has(key.value)) byValue.set(key.value, key);
  }
  const keys = [...byValue.values()];
  return isTimeGrouping(grouping) ? keys.sort((a, b) => compareText(a.value ?? '', b.value ?? '')) : keys;
}

/**
 * The chart of a metric: one bar per group of the first key; with two keys, one line per group of the second over the
 * groups of the first (the largest `maxChartLines` of them). A pair without a row counts zero, or has no value for
 * conversion and the median, which are not counts.
 */
export function reportChart(report: Report, metric: ReportMetricKey, seriesName: string, noneLabel: string): ReportChartData {
  const [first, second] = report.group_by;
  if (!first) return { type: 'bar', categories: [], series: [], hiddenLines: 0 };
  const columns = distinctKeys(report.rows, 0, first);
  const categories = columns.map((key) => keyLabelOf(key, noneLabel));
  if (!second) {
    const byFirst = new Map(report.rows.map((row) => [row.keys[0]?.value ?? null, metricValue(row, metric)]));
    return { type: 'bar', categories, series: [{ name: seriesName, data: columns.map((key) => byFirst.get(key.value) ?? null) }], hiddenLines: 0 };
  }
  const missing = metric === 'conversion' || metric === 'median_ftd_seconds' ? null : 0;
  const cells = new Map(report.rows.map((row) => [JSON.stringify([row.keys[0]?.value ?? null, row.keys[1]?.value ?? null]), metricValue(row, metric)]));
  const lines = distinctKeys(report.rows, 1, second).map((line) => ({
    name: keyLabelOf(line, noneLabel),
    data: columns.map((column) => cells.get(JSON.stringify([column.value, line.value])) ?? missing),
  }));
  const size = (line: ReportChartSeries) => line.data.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  // A stable sort: equal lines keep the answer's order.
  const largest = [...lines].sort((a, b) => size(b) - size(a)).slice(0, maxChartLines);
  return { type: 'line', categories, series: lines.filter((line) => largest.includes(line)), hiddenLines: lines.length - largest.length };
}
