/**
 * What a report shows — its range, grouping and chart metric — and the URL query that holds it
 * (`?range=7d&from=2026-03-04&to=2026-03-10&group_by=affiliate_company,country&metric=accepted`), so a link or a saved
 * preset reproduces it. Free of React, so it is tested on its own.
 *
 * Only types come from the contract (as in statistics.ts: the screen needs none of its zod schemas at run time); the
 * lists are written here and held to the contract's tuples, so a grouping or metric added there is a type error here.
 */
import type { ReportGrouping, ReportMetricKey, ReportQueryInput, ReportTimeGrouping, reportGroupings, reportMetricKeys } from '@crm/shared/contract';

export const groupings = ['hour', 'day', 'week', 'month', 'affiliate_company', 'source', 'broker', 'department', 'country', 'language', 'funnel'] as const satisfies typeof reportGroupings;
export const metricKeys = [
  'received',
  'accepted',
  'refused',
  'distributed',
  'delivered',
  'broker_refused',
  'unassigned',
  'ftds',
  'conversion',
  'median_ftd_seconds',
] as const satisfies typeof reportMetricKeys;
const timeGroupings: readonly ReportGrouping[] = ['hour', 'day', 'week', 'month'] satisfies ReportTimeGrouping[];

/** The relative ranges count back from today in the browser's zone; `custom` keeps the days it names. */
export const rangePresets = ['today', 'yesterday', '7d', '30d', 'month', 'custom'] as const;
export type RangePreset = (typeof rangePresets)[number];

type ReportGroupBy = [ReportGrouping] | [ReportGrouping, ReportGrouping];

export type ReportView = {
  range: RangePreset;
  /** The first and last local days, both included (`YYYY-MM-DD`). */
  from: string;
  to: string;
  groupBy: ReportGroupBy;
  metric: ReportMetricKey;
};

type RelativeRange = Exclude<RangePreset, 'custom'>;
const defaultRange: RelativeRange = '7d';
const defaultGroupBy: ReportGroupBy = ['day'];
const defaultMetric: ReportMetricKey = 'accepted';

export const isTimeGrouping = (grouping: ReportGrouping): boolean => timeGroupings.includes(grouping);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A day that exists: the shape alone lets 2026-02-30 through, which Date reads as March 2nd. */
function isDay(value: string | null): value is string {
  if (value === null || !isoDay.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** `day` moved by `days` (negative: back), as a calendar day: no time zone takes part. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days of a relative range, `today` being the browser's local day; a custom range has none of its own. */
export function daysOf(range: RelativeRange, today: string): [string, string] {
  switch (range) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case '7d':
      return [addDays(today, -6), today];
    case '30d':
      return [addDays(today, -29), today];
    case 'month':
      return [`${today.slice(0, 8)}01`, today];
  }
}

function parseGroupBy(raw: string | null): ReportGroupBy {
  const picked = [...new Set((raw ?? '').split(','))].filter((part): part is ReportGrouping => (groupings as readonly string[]).includes(part));
  const [first, second] = picked;
  if (!first) return defaultGroupBy;
  // Two time groupings are left for the API to refuse, under the field, as any other query it refuses.
  return second ? [first, second] : [first];
}

/**
 * The view a URL query names; what is missing or unreadable falls back to the last 7 days by day, charting accepted
 * leads. A relative range is counted from `today` again (a saved "last 7 days" stays the last 7 days), whatever days
 * the query wrote down when it was made; a custom range without two readable days is the last 7 days.
 */
export function parseReportView(query: URLSearchParams, today: string): ReportView {
  const rawRange = query.get('range');
  const from = query.get('from');
  const to = query.get('to');
  const rawMetric = query.get('metric');
  const metric = (metricKeys as readonly string[]).includes(rawMetric ?? '') ? (rawMetric as ReportMetricKey) : defaultMetric;
  const groupBy = parseGroupBy(query.get('group_by'));
  const range = (rangePresets as readonly string[]).includes(rawRange ?? '') ? (rawRange as RangePreset) : isDay(from) && isDay(to) ? 'custom' : defaultRange;
  if (range === 'custom' && isDay(from) && isDay(to)) return { range, from, to, groupBy, metric };
  const relative: RelativeRange = range === 'custom' ? defaultRange : range;
  const [first, last] = daysOf(relative, today);
  return { range: relative, from: first, to: last, groupBy, metric };
}

/** The URL query of a view, without the '?': commas kept as they are, so the address reads as written above. */
export function reportViewQuery(view: ReportView): string {
  const parts: [string, string][] = [
    ['range', view.range],
    ['from', view.from],
    ['to', view.to],
    ['group_by', view.groupBy.join(',')],
    ['metric', view.metric],
  ];
  return parts.map(([name, value]) => `${name}=${value.split(',').map(encodeURIComponent).join(',')}`).join('&');
}

/** What `GET /reports` (and its export) is asked for. */
export function reportQueryOf(view: ReportView, timeZone: string): ReportQueryInput & { group_by: string } {
  return { from: view.from, to: view.to, time_zone: timeZone, group_by: view.groupBy.join(',') };
}

/** A relative range picked: its days from today. A custom one keeps the days on show until others are picked. */
export function withRange(view: ReportView, range: RangePreset, today: string): ReportView {
  if (range === 'custom') return { ...view, range };
  const [from, to] = daysOf(range, today);
  return { ...view, range, from, to };
}

/**
 * A first grouping picked: a second grouping that now repeats it, or is a second time grouping, goes (the API groups by
 * at most one of hour, day, week and month).
 */
export function withFirstGrouping(view: ReportView, first: ReportGrouping): ReportView {
  const [, second] = view.groupBy;
  const keep = second !== undefined && second !== first && !(isTimeGrouping(first) && isTimeGrouping(second));
  return { ...view, groupBy: keep ? [first, second] : [first] };
}

/** The groupings a second key may be, beside `first`. */
export function secondGroupings(first: ReportGrouping): ReportGrouping[] {
  return groupings.filter((grouping) => grouping !== first && !(isTimeGrouping(first) && isTimeGrouping(grouping)));
}
