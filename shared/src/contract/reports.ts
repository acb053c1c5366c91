/**
 * Reports (docs/product.md#reports): the lead flow over local days, grouped by one or two keys. Every metric is of the
 * leads received in the range (a cohort by arrival time), whatever happened to them since:
 *
 * - received: accepted + refused;
 * - accepted: leads created; refused: failed leads (intake and import refusals), also per reason code;
 * - distributed: leads sent to a broker at least once (any outcome); delivered: leads a broker took at least once;
 * - broker_refused: leads sent and refused, never taken; unassigned: leads automatic distribution left unassigned;
 * - ftds: leads with a first deposit; conversion: ftds ÷ delivered (null without a delivery);
 * - median_ftd_seconds: the median time from a lead's first delivery to its first deposit.
 *
 * A refused lead has no department, broker, language or funnel; its country is the two-letter code it was sent with,
 * if any. Leads with no value of a key form one group whose key value is null.
 */
import { z } from 'zod';
import { calendarDate, text, timeZoneName } from './common.ts';
import { failedLeadReasonCodes } from './leads.ts';

export const reportTimeGroupings = ['hour', 'day', 'week', 'month'] as const;
export const reportKeyGroupings = ['affiliate_company', 'source', 'broker', 'department', 'country', 'language', 'funnel'] as const;
export const reportGroupings = [...reportTimeGroupings, ...reportKeyGroupings] as const;
export type ReportGrouping = (typeof reportGroupings)[number];
export type ReportTimeGrouping = (typeof reportTimeGroupings)[number];

export const reportCountKeys = ['received', 'accepted', 'refused', 'distributed', 'delivered', 'broker_refused', 'unassigned', 'ftds'] as const;
export type ReportCountKey = (typeof reportCountKeys)[number];
/** Every column of a report row, in the table's order. */
export const reportMetricKeys = [...reportCountKeys, 'conversion', 'median_ftd_seconds'] as const;
export type ReportMetricKey = (typeof reportMetricKeys)[number];

/** The longest range a report covers, and the longest grouped by hour (31 × 24 rows per other key at most). */
export const reportMaxDays = 400;
export const reportMaxHourDays = 31;

const dayCount = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
const isTimeGrouping = (grouping: string): boolean => (reportTimeGroupings as readonly string[]).includes(grouping);

const isGrouping = (value: string): value is ReportGrouping => (reportGroupings as readonly string[]).includes(value);

/** `day,country` (or a repeated key): checked as a whole, so every message is the field's own. */
const groupingList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').map((part) => part.trim()) : value),
  z
    .array(text().max(32))
    .min(1, 'Group by one or two keys.')
    .max(2, 'Group by one or two keys.')
    .refine((list) => list.every(isGrouping), { message: `Group by one or two of ${reportGroupings.join(', ')}.`, abort: true })
    .transform((list) => list.filter(isGrouping))
    .refine((list) => new Set(list).size === list.length, 'Group by two different keys.')
    .refine((list) => list.filter(isTimeGrouping).length <= 1, 'Group by at most one of hour, day, week and month.'),
);

export const reportQuery = z
  .object({
    /** The first and last local days of the range, both included. */
    from: calendarDate('The from field must be a day like 2026-11-21.'),
    to: calendarDate('The to field must be a day like 2026-11-21.'),
    /** An IANA zone (the browser's): days, weeks (from Monday) and months start at local midnight there. */
    time_zone: timeZoneName.default('UTC'),
    group_by: groupingList,
  })
  .superRefine((query, context) => {
    const days = dayCount(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'The to date must not be before the from date.' });
    else if (days > reportMaxDays) context.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${reportMaxDays} days.` });
    else if (query.group_by.includes('hour') && days > reportMaxHourDays) {
      context.addIssue({ code: 'custom', path: ['group_by'], message: `Grouped by hour, a report covers at most ${reportMaxHourDays} days.` });
    }
  });
export type ReportQuery = z.infer<typeof reportQuery>;

/**
 * The order a report file follows, the table's on the screen: a column (a metric, or one of the report's groupings)
 * and a direction; without `sort`, the report's own order (keys in order, groups without a value last).
 */
const reportSortColumns = [...reportMetricKeys, ...reportGroupings] as const;
export type ReportSortColumn = (typeof reportSortColumns)[number];
const reportSortOrders = ['asc', 'desc'] as const;
export type ReportSortOrder = (typeof reportSortOrders)[number];
export const reportSort = z.object({
  sort: z.enum(reportSortColumns, { message: 'Sort by a metric or one of the grouping keys.' }).optional(),
  order: z.enum(reportSortOrders, { message: 'The order must be asc or desc.' }).default('asc'),
});
export type ReportSort = z.infer<typeof reportSort>;
export type ReportQueryInput = z.input<typeof reportQuery>;

const count = z.number().int().nonnegative();

export const reportMetrics = z.object({
  received: count,
  accepted: count,
  refused: count,
  refused_by_reason: z.partialRecord(z.enum(failedLeadReasonCodes), count),
  distributed: count,
  delivered: count,
  broker_refused: count,
  unassigned: count,
  ftds: count,
  conversion: z.number().nullable(),
  median_ftd_seconds: z.number().nullable(),
});
export type ReportMetrics = z.infer<typeof reportMetrics>;

/** Lead-search URL parameters (lead/search) that select the leads of a group, or of the whole range. */
export const reportSearch = z.record(z.string(), z.string());
export type ReportSearch = z.infer<typeof reportSearch>;

/**
 * A group's key: its value (an id as text, a code, or a local period start like 2026-11-27 or 2026-11-27T14:00, the
 * second of an hour a fall-back repeats with its offset, 2026-10-25T02:00 (+01:00); null for the leads without one),
 * its label, and the lead-search parameters that select its leads (null when the search has no such filter, as for
 * leads without an affiliate company).
 */
export const reportKey = z.object({
  value: z.string().nullable(),
  label: z.string(),
  search: reportSearch.nullable(),
});
export type ReportKey = z.infer<typeof reportKey>;

export const reportRow = reportMetrics.extend({ keys: z.array(reportKey) });
export type ReportRow = z.infer<typeof reportRow>;

export const report = z.object({
  group_by: z.array(z.enum(reportGroupings)),
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  /** The lead-search parameters of the range (created_from and created_to as UTC instants): a group's add to them. */
  search: reportSearch,
  rows: z.array(reportRow),
  totals: reportMetrics,
});
export type Report = z.infer<typeof report>;

/** A saved report: the screen's URL query (range, grouping, chart metric) under a name, per user. */
export const reportPresetInput = z.object({
  name: text().trim().min(1, 'The name field is required.').max(100, 'The name must be at most 100 characters.'),
  query: text().max(1000, 'The query must be at most 1000 characters.'),
});
export type ReportPresetInput = z.infer<typeof reportPresetInput>;
export const reportPreset = reportPresetInput.extend({ id: z.number().int() });
export type ReportPreset = z.infer<typeof reportPreset>;
/** Saved reports per user at most. */
export const reportMaxPresets = 50;
