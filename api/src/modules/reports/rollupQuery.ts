/**
 * A report read from the rollups: the grouping set's rows over the whole UTC hours or days of the range, the deltas
 * not yet folded over the same span, and for what is left at the range's edges (a zone's midnight inside a UTC day, a
 * zone off whole hours) the leads' facts and the refusals themselves. Medians are not sums: they are taken from the
 * facts of the leads with a deposit (an index of those alone).
 */
import { sql, type SQL } from 'drizzle-orm';
import { reportTimeGroupings, type ReportGrouping } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { countNames, groupedCounts, zeroReasons, type ReportCountsRow } from './grouping.ts';
import type { ReportRange } from './periods.ts';
import { refusalRows } from './plainQuery.ts';
import { groupingSetFor, rollupKeys } from './sets.ts';

type Span = readonly [from: Date, to: Date];

const keyList = sql.raw(rollupKeys.join(', '));
const countList = sql.raw(countNames.join(', '));
const within = (column: string, [from, to]: Span): SQL => sql`${sql.raw(column)} >= ${from.toISOString()}::timestamptz and ${sql.raw(column)} < ${to.toISOString()}::timestamptz`;

/** Leads' facts in a span as report rows (`extra`: a further condition). */
const factRows = (span: Span, extra: SQL = sql`true`): SQL => sql`
  select created_at as at, ${keyList}, 1 as accepted, 0 as refused, ${zeroReasons}, distributed::int as distributed, delivered::int as delivered,
         broker_refused::int as broker_refused, unassigned::int as unassigned, ftd::int as ftds, ftd_seconds
    from report_lead_facts where ${within('created_at', span)} and ${extra}`;

/** The whole grain units inside the range, or null when there are none or a period would cut one. */
function coveredSpan(range: ReportRange, grainMs: number, timed: boolean): Span | null {
  const boundaries = [range.startsAt, range.endsAt, ...range.periods.map((period) => period.startsAt)];
  if (timed && !boundaries.every((boundary) => boundary.getTime() % grainMs === 0)) return null;
  const from = Math.ceil(range.startsAt.getTime() / grainMs) * grainMs;
  const to = Math.floor(range.endsAt.getTime() / grainMs) * grainMs;
  return from < to ? [new Date(from), new Date(to)] : null;
}

export async function rollupReportCounts(executor: Executor, groupings: readonly ReportGrouping[], range: ReportRange): Promise<ReportCountsRow[]> {
  const set = groupingSetFor(groupings);
  const timed = groupings.some((grouping) => (reportTimeGroupings as readonly string[]).includes(grouping));
  const covered = coveredSpan(range, set.grainSeconds * 1000, timed);
  const edges: Span[] = (covered ? [[range.startsAt, covered[0]] as const, [covered[1], range.endsAt] as const] : [[range.startsAt, range.endsAt] as const]).filter(
    ([from, to]) => from < to,
  );

  const parts: SQL[] = edges.flatMap((edge) => [factRows(edge), refusalRows(edge[0], edge[1])]);
  if (covered) {
    parts.unshift(
      sql`select period_start as at, ${keyList}, ${countList}, null::float8 as ftd_seconds from report_rollups where grouping_set = ${set.id} and ${within('period_start', covered)}`,
      sql`select created_at as at, ${keyList}, ${countList}, null::float8 as ftd_seconds from report_deltas where ${within('created_at', covered)}`,
    );
  }
  const [counted, medians] = await Promise.all([
    groupedCounts(executor, groupings, range, sql.join(parts, sql` union all `), false),
    groupedCounts(executor, groupings, range, factRows([range.startsAt, range.endsAt], sql`ftd_seconds is not null`), true),
  ]);
  const keyOf = (row: ReportCountsRow): string => JSON.stringify([row.total, row.key1, row.key2]);
  const medianOf = new Map(medians.map((row) => [keyOf(row), row.median_ftd_seconds]));
  // A group whose every count nets to zero (its leads deleted) is no group.
  return counted.filter((row) => row.total || countNames.some((name) => row[name] !== 0)).map((row) => ({ ...row, median_ftd_seconds: medianOf.get(keyOf(row)) ?? null }));
}
