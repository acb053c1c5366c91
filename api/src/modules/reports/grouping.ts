/**
 * The one aggregation every report runs, over rows shaped alike whatever they come from (leads and refusals read from
 * the base tables, rollup rows, deltas): a time `at`, the keys, signed counts and a lead's `ftd_seconds`. Grouped by
 * one or two report keys, with the totals row (GROUPING SETS); a broker is its department's, looked up here.
 */
import { sql, type SQL } from 'drizzle-orm';
import { failedLeadReasonCodes, type ReportGrouping, type ReportTimeGrouping } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import type { ReportRange } from './periods.ts';

/** One group's counts as the database returns them; `total` marks the range's totals row. */
export type ReportCountsRow = {
  key1: string | null;
  key2: string | null;
  total: boolean;
  accepted: number;
  refused: number;
  distributed: number;
  delivered: number;
  broker_refused: number;
  unassigned: number;
  ftds: number;
  median_ftd_seconds: number | null;
} & Record<`refused_${string}`, number>;

type CountName = Exclude<keyof ReportCountsRow, 'key1' | 'key2' | 'total' | 'median_ftd_seconds'>;

/** The count columns of such rows, in order. */
export const countNames: readonly CountName[] = [
  'accepted',
  'refused',
  ...failedLeadReasonCodes.map((code) => `refused_${code.toLowerCase()}` as const),
  'distributed',
  'delivered',
  'broker_refused',
  'unassigned',
  'ftds',
];

/** The rows' column of each key other than a period (a broker comes from the department's row, `bd`). */
const keyColumns: Record<Exclude<ReportGrouping, ReportTimeGrouping>, string> = {
  affiliate_company: 'r.affiliate_company_id',
  source: 'r.source_id',
  broker: 'bd.broker_id',
  department: 'r.department_id',
  country: 'r.country',
  language: 'r.language',
  funnel: 'r.funnel',
};

/** The key of a grouping over the rows, as text; a period is its 1-based index among the range's periods. */
function keyOf(grouping: ReportGrouping, range: ReportRange): SQL {
  if (grouping === 'hour' || grouping === 'day' || grouping === 'week' || grouping === 'month') {
    const thresholds = `{${range.periods.map((period) => period.startsAt.toISOString()).join(',')}}`;
    return sql`width_bucket(r.at, ${thresholds}::timestamptz[])::text`;
  }
  return sql.raw(`${keyColumns[grouping]}::text`);
}

/** A lead's row has no refusal: every reason column 0. */
export const zeroReasons = sql.raw(failedLeadReasonCodes.map((code) => `0 as refused_${code.toLowerCase()}`).join(', '));

const sums = sql.raw(countNames.map((name) => `coalesce(sum(${name}), 0)::int as ${name}`).join(', '));

/** Each group's counts (and, with `median`, the median of the rows' `ftd_seconds`) and the totals row. */
export async function groupedCounts(executor: Executor, groupings: readonly ReportGrouping[], range: ReportRange, rows: SQL, median: boolean): Promise<ReportCountsRow[]> {
  const keys = groupings.map((grouping, index) => sql`${keyOf(grouping, range)} as ${sql.identifier(`key${index + 1}`)}`);
  const grouped = sql.raw(groupings.map((_, index) => `key${index + 1}`).join(', '));
  const medianColumn = median ? sql`percentile_cont(0.5) within group (order by ftd_seconds)` : sql`null::float8`;
  const { rows: counted } = await executor.execute<ReportCountsRow>(sql`
    select ${sql.raw(groupings.length > 1 ? 'key1, key2' : 'key1, null::text as key2')}, grouping(${grouped}) <> 0 as total, ${sums},
           ${medianColumn} as median_ftd_seconds
      from (select ${sql.join(keys, sql`, `)}, r.* from (${rows}) r left join broker_departments bd on bd.id = r.department_id) keyed
     group by grouping sets ((${grouped}), ())`);
  return counted;
}
