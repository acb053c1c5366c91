/**
 * A report's rows in the order the screen's table sorts them (mfe-dashboard reports/reportRows.ts, compareByKey and
 * compareByMetric), so a file downloads "the table as shown". The screen sorts on the client, from the report's own
 * order; these comparisons are the same and the sort is stable, so equal rows keep that order here too.
 */
import { reportMetricKeys, type Report, type ReportMetricKey, type ReportRow, type ReportSort } from '@crm/shared/contract';
import { isTimeGrouping } from './service.ts';

type RowComparison = (left: ReportRow, right: ReportRow) => number;

const compareText = (left: string, right: string) => left.localeCompare(right, undefined, { numeric: true, sensitivity: 'base' });

const isMetric = (column: string): column is ReportMetricKey => (reportMetricKeys as readonly string[]).includes(column);

/** Ascending: the group without a value first, periods in time, other keys by label. */
function byKey(report: Report, index: number): RowComparison {
  const grouping = report.group_by[index];
  return (left, right) => {
    const [a, b] = [left.keys[index], right.keys[index]];
    if (!a || !b || !grouping) return 0;
    if (a.value === null || b.value === null) return a.value === b.value ? 0 : a.value === null ? -1 : 1;
    return isTimeGrouping(grouping) ? compareText(a.value, b.value) : compareText(a.label, b.label) || compareText(a.value, b.value);
  };
}

/** Ascending: a missing value (no delivery, no FTD) below every number. */
const byMetric =
  (metric: ReportMetricKey): RowComparison =>
  (left, right) => {
    const [a, b] = [left[metric], right[metric]];
    if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
    return a - b;
  };

/** The rows sorted as asked (descending is the ascending order reversed, as the table does); unsorted as they are. */
export function sortedRows(report: Report, { sort, order }: ReportSort): ReportRow[] {
  if (sort === undefined) return report.rows;
  const ascending = isMetric(sort) ? byMetric(sort) : byKey(report, report.group_by.indexOf(sort));
  const direction = order === 'desc' ? -1 : 1;
  return [...report.rows].sort((left, right) => direction * ascending(left, right));
}
