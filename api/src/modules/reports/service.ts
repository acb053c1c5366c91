/** GET /reports: each group's metrics and the totals, keys labelled and linked to the lead search. */
import { failedLeadReasonCodes, reportTimeGroupings, type Report, type ReportGrouping, type ReportMetrics, type ReportQuery, type ReportTimeGrouping } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { keyResolver, searchOfPeriod } from './keys.ts';
import { reportRange, type ReportRange } from './periods.ts';
import type { ReportCountsRow } from './grouping.ts';
import { rollupReportCounts } from './rollupQuery.ts';

export const isTimeGrouping = (grouping: ReportGrouping): grouping is ReportTimeGrouping => (reportTimeGroupings as readonly string[]).includes(grouping);

export type ReportCounter = (executor: Executor, groupings: readonly ReportGrouping[], range: ReportRange) => Promise<ReportCountsRow[]>;

function metricsOf(row: ReportCountsRow): ReportMetrics {
  const refusedByReason: ReportMetrics['refused_by_reason'] = {};
  for (const code of failedLeadReasonCodes) {
    const count = row[`refused_${code.toLowerCase()}`];
    if (count) refusedByReason[code] = count;
  }
  return {
    received: row.accepted + row.refused,
    accepted: row.accepted,
    refused: row.refused,
    refused_by_reason: refusedByReason,
    distributed: row.distributed,
    delivered: row.delivered,
    broker_refused: row.broker_refused,
    unassigned: row.unassigned,
    ftds: row.ftds,
    conversion: row.delivered === 0 ? null : Math.round((row.ftds / row.delivered) * 10_000) / 10_000,
    median_ftd_seconds: row.median_ftd_seconds === null ? null : Math.round(row.median_ftd_seconds),
  };
}

const emptyCounts: ReportCountsRow = {
  key1: null,
  key2: null,
  total: true,
  accepted: 0,
  refused: 0,
  distributed: 0,
  delivered: 0,
  broker_refused: 0,
  unassigned: 0,
  ftds: 0,
  median_ftd_seconds: null,
};

/**
 * Grouped by a period alone, every period of the range is a row, one without a lead as zeros: a time series with a gap
 * reads as a day not counted rather than a day without leads. A range without any lead stays without rows (the screen
 * says so rather than draw zeros); with a second key, a missing pair already counts zero in the chart.
 */
function withEmptyPeriods(groups: ReportCountsRow[], groupings: readonly ReportGrouping[], range: ReportRange): ReportCountsRow[] {
  const [only, second] = groupings;
  if (!only || second || !isTimeGrouping(only) || groups.length === 0) return groups;
  const counted = new Set(groups.map((row) => row.key1));
  const empty = range.periods.map((_, index) => String(index + 1)).filter((key) => !counted.has(key));
  return [...groups, ...empty.map((key1): ReportCountsRow => ({ ...emptyCounts, key1, total: false }))];
}

/** Periods in time order, other keys by label, groups without a value last. */
function compareKeys(grouping: ReportGrouping, a: string | null, b: string | null, labelOf: (value: string | null) => string): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return isTimeGrouping(grouping) ? Number(a) - Number(b) : labelOf(a).localeCompare(labelOf(b)) || a.localeCompare(b);
}

export async function buildReport(executor: Executor, query: ReportQuery, counter: ReportCounter = rollupReportCounts): Promise<Report> {
  const groupings = query.group_by;
  const range = reportRange(query, groupings.find(isTimeGrouping));
  const counted = await counter(executor, groupings, range);
  const groups = withEmptyPeriods(
    counted.filter((row) => !row.total),
    groupings,
    range,
  );
  const resolvers = await Promise.all(
    groupings.map((grouping, index) =>
      keyResolver(
        executor,
        grouping,
        groups.map((row) => (index === 0 ? row.key1 : row.key2)),
        range.periods,
      ),
    ),
  );
  const rawKeys = (row: ReportCountsRow): (string | null)[] => groupings.map((_, index) => (index === 0 ? row.key1 : row.key2));
  const label = (index: number) => (value: string | null) => resolvers[index]?.(value).label ?? '';

  groups.sort((a, b) => {
    const [a1, a2] = rawKeys(a);
    const [b1, b2] = rawKeys(b);
    const first = groupings[0];
    const second = groupings[1];
    return (first ? compareKeys(first, a1 ?? null, b1 ?? null, label(0)) : 0) || (second ? compareKeys(second, a2 ?? null, b2 ?? null, label(1)) : 0);
  });

  return {
    group_by: [...groupings],
    time_zone: query.time_zone,
    from: query.from,
    to: query.to,
    search: searchOfPeriod(range.startsAt, range.endsAt),
    rows: groups.map((row) => ({ keys: rawKeys(row).map((value, index) => resolvers[index]?.(value) ?? { value, label: value ?? '', search: null }), ...metricsOf(row) })),
    totals: metricsOf(counted.find((row) => row.total) ?? emptyCounts),
  };
}
