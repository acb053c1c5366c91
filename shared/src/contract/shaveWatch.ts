/**
 * Shave watch (docs/product.md#reports, issue 35): is a broker hiding deposits? Per broker department and local week,
 * the FTD rate of the leads it received against its own trailing weeks and against the other departments that
 * received leads of the same affiliate companies and countries that week.
 *
 * - A department's cohort of a week: the leads whose first delivery (first successful send) fell in that local week
 *   (Monday 00:00 to the next Monday 00:00 in `time_zone`) and went to that department.
 * - A cohort lead converts when that department reported its FTD (modules/brokers/ftds.ts: the FTD belongs to the
 *   department whose broker reported it) less than `horizon_days` × 24 hours after the delivery.
 * - Baseline: the same department's cohorts of the 8 weeks before, pooled. Peers: the other departments' cohorts of the
 *   same week, only those of the (affiliate company, country) pairs found in this department's cohort, pooled.
 * - The test: a one-sided two-proportion z-test (is the department's rate lower?), z = (p1 − p2) / √(p(1 − p)(1/n1 +
 *   1/n2)) with p the pooled rate, the p-value Φ(z). Only with at least 30 leads on each side and at least 5 FTDs
 *   expected at the comparison's rate (n1 · p2 ≥ 5); else z and p are null (not enough data). A department is flagged
 *   when either p-value is below α = 0.01.
 */
import { z } from 'zod';
import { calendarDate, idText, timeZoneName, wholeNumberText } from './common.ts';
import { exportFormats } from './leadTransfer.ts';

export const shaveWatchAlpha = 0.01;
/** Leads on each side of a comparison at least. */
export const shaveWatchMinSample = 30;
/** FTDs the department would have at the comparison's rate (n1 · p2), at least. */
export const shaveWatchMinExpectedFtds = 5;
export const shaveWatchBaselineWeeks = 8;
export const shaveWatchDefaultHorizonDays = 7;
export const shaveWatchMaxHorizonDays = 60;

/** The test as one sentence, for the API's documentation. */
export const shaveWatchTestStatement =
  `One-sided two-proportion z-test (the department's FTD rate lower than its own ${shaveWatchBaselineWeeks} weeks before, and than the other ` +
  `departments' for the same affiliate companies and countries), α = ${shaveWatchAlpha}; at least ${shaveWatchMinSample} leads on each side ` +
  `and ${shaveWatchMinExpectedFtds} expected FTDs, else not enough data (null z and p).`;

const isMonday = (day: string): boolean => new Date(`${day}T00:00:00Z`).getUTCDay() === 1;

export const shaveWatchQuery = z.object({
  /** The week's Monday; without it, the latest week whose horizon has fully passed. */
  week: calendarDate('The week must be a day like 2026-03-09.').refine(isMonday, 'The week must start on a Monday.').optional(),
  time_zone: timeZoneName.default('UTC'),
  horizon_days: wholeNumberText(1, shaveWatchMaxHorizonDays).default(shaveWatchDefaultHorizonDays),
});
export type ShaveWatchQuery = z.infer<typeof shaveWatchQuery>;
export type ShaveWatchQueryInput = z.input<typeof shaveWatchQuery>;

export const shaveEvidenceQuery = shaveWatchQuery.safeExtend({
  department_id: idText,
  format: z.enum(exportFormats, { message: 'The format must be csv or xlsx.' }),
});
export type ShaveEvidenceQuery = z.infer<typeof shaveEvidenceQuery>;

const count = z.number().int().nonnegative();

/** One side of a comparison: its leads, FTDs and rate (null without a lead); z and p null when the data is too thin. */
export const shaveComparison = z.object({
  n: count,
  x: count,
  rate: z.number().nullable(),
  z: z.number().nullable(),
  p_value: z.number().nullable(),
});
export type ShaveComparison = z.infer<typeof shaveComparison>;

export const shaveDepartment = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The week's cohort: leads delivered, FTDs within the horizon, and their ratio. */
  n: count,
  x: count,
  rate: z.number(),
  baseline: shaveComparison,
  peers: shaveComparison,
  flagged: z.boolean(),
});
export type ShaveDepartment = z.infer<typeof shaveDepartment>;

export const shaveWatch = z.object({
  week: z.string(),
  time_zone: z.string(),
  horizon_days: z.number().int(),
  /** The week's bounds (local Monday midnights) as UTC instants, and where the baseline's 8 weeks begin. */
  starts_at: z.string(),
  ends_at: z.string(),
  baseline_starts_at: z.string(),
  /** When the last FTD that can count may have come: the week's end plus the horizon. */
  horizon_ends_at: z.string(),
  alpha: z.number(),
  baseline_weeks: z.number().int(),
  min_sample: z.number().int(),
  min_expected_ftds: z.number(),
  /** Flagged first, then by the lowest p-value; every department with a delivery in the week. */
  departments: z.array(shaveDepartment),
});
export type ShaveWatch = z.infer<typeof shaveWatch>;
