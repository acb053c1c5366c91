/**
 * Dashboard statistics (docs/product.md#dashboard): seven local days ending on `date`
 * in the user's time zone, each card compared with the seven days before.
 *
 * - leads: unique leads, the distinct contacts (normalized email, else E.164 phone) among the leads created that day;
 * - failed_leads: failed-lead rows created that day;
 * - sent_success / sent_failure: send-history rows of that day by outcome (queued and sending ones are not counted);
 * - ftds: leads whose `api_ftd_at` falls that day; per department, those its broker reported (the department of the
 *   send the report answered, not the lead's last department: the department summary's FTDs, api/src/modules/brokers/ftds.ts).
 */
import { z } from 'zod';
import { calendarDate, timeZoneName } from './common.ts';

export const dashboardCardKeys = ['leads', 'failed_leads', 'sent_success', 'sent_failure', 'ftds'] as const;
export type DashboardCardKey = (typeof dashboardCardKeys)[number];

/** What the combiner can compare per broker department. */
export const departmentMetricKeys = ['sent_success', 'sent_failure', 'ftds'] as const;
export type DepartmentMetricKey = (typeof departmentMetricKeys)[number];

export const dashboardDays = 7;

const dayMessage = 'The date must be a day like 2026-11-21.';
const localDate = calendarDate(dayMessage)
  // A week ending there has four-digit years on both sides.
  .refine((value) => value >= '1970-01-01' && value <= '9999-12-30', 'The date must be between 1970-01-01 and 9999-12-30.');

export const dashboardStatisticsQuery = z.object({
  /** An IANA zone (the browser's); days start at local midnight there. */
  time_zone: timeZoneName.default('UTC'),
  /** The last of the seven days; today in `time_zone` when absent. */
  date: localDate.optional(),
});
export type DashboardStatisticsQuery = z.infer<typeof dashboardStatisticsQuery>;

const sevenCounts = z.array(z.number().int().nonnegative()).length(dashboardDays);

/** One small card: the week's total, the change against the previous week and the seven daily values. */
export const dashboardCard = z.object({
  key: z.enum(dashboardCardKeys),
  value: z.number().int().nonnegative(),
  previous: z.number().int().nonnegative(),
  /** (value − previous) ÷ previous × 100, one decimal; 100 when previous is 0 and value is not, 0 when both are. */
  percentage: z.number(),
  /** value > previous. */
  increase: z.boolean(),
  values: sevenCounts,
});
export type DashboardCard = z.infer<typeof dashboardCard>;

/** A broker department with any send or FTD in the week. */
export const dashboardDepartment = z.object({
  broker_department_id: z.number().int(),
  label: z.string(),
  sent_success: sevenCounts,
  sent_failure: sevenCounts,
  ftds: sevenCounts,
});
export type DashboardDepartment = z.infer<typeof dashboardDepartment>;

export const dashboardStatistics = z.object({
  time_zone: z.string(),
  /** The seven local days, oldest first, as YYYY-MM-DD. */
  days: z.array(z.string()).length(dashboardDays),
  /** In the order of dashboardCardKeys. */
  cards: z.array(dashboardCard).length(dashboardCardKeys.length),
  departments: z.array(dashboardDepartment),
});
export type DashboardStatistics = z.infer<typeof dashboardStatistics>;
