/**
 * Automatic distribution (issue 33), first slice: a broker department's working hours and caps
 * (`/broker/department/{id}/hours`, `…/caps`) and the caps board (`/distribution/caps`).
 */
import { z } from 'zod';
import { calendarDate, isoDateTime, timeZoneName } from './common.ts';
import { countryCode } from './brokers.ts';

// ── hours ────────────────────────────────────────────────────────────────────────────────────────────

/** ISO weekdays: 1 is Monday, 7 Sunday. */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;

const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * An opening window on a weekday, local wall-clock times `HH:mm`. `to` after `from` closes the same day (`24:00`: at
 * midnight); `to` before `from` crosses midnight (20:00–03:00 is open from 20:00 that weekday to 03:00 the next day).
 */
export const hoursWindow = z
  .strictObject({
    weekday: z.number().int().min(1, 'The weekday is 1 (Monday) to 7 (Sunday).').max(7, 'The weekday is 1 (Monday) to 7 (Sunday).'),
    from: z.string().regex(clock, 'The start must be a time like 09:00.'),
    to: z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'The end must be a time like 18:00 (24:00 for midnight).'),
  })
  .refine((window) => window.from !== window.to, { message: 'The end must differ from the start.', path: ['to'] });
export type HoursWindow = z.infer<typeof hoursWindow>;

/** PUT replaces the hours whole. No windows: open every day (closed dates aside). */
export const departmentHoursBody = z.strictObject({
  time_zone: timeZoneName,
  windows: z.array(hoursWindow).max(100),
  closed_dates: z
    .array(calendarDate('A closed date must be a day like 2026-12-24.'))
    .max(400)
    .refine((days) => new Set(days).size === days.length, 'A closed date is listed twice.'),
});
export type DepartmentHoursBody = z.input<typeof departmentHoursBody>;

export const departmentHours = z.object({
  department_id: z.number().int(),
  time_zone: z.string(),
  windows: z.array(z.object({ weekday: z.number().int(), from: z.string(), to: z.string() })),
  closed_dates: z.array(z.string()),
});
export type DepartmentHours = z.infer<typeof departmentHours>;

// ── caps ─────────────────────────────────────────────────────────────────────────────────────────────

/** The periods a cap counts in (the department's zone: local midnight, Monday, the 1st; `total` never resets). */
export const capPeriods = ['day', 'week', 'month', 'total'] as const;
export type CapPeriod = (typeof capPeriods)[number];
/** Counter rows also hold the pacing's hours. */
export const counterPeriods = [...capPeriods, 'hour'] as const;
export type CounterPeriod = (typeof counterPeriods)[number];

export const maxCap = 10_000_000;
const capLimit = z.number().int('A cap is a whole number.').min(0, 'A cap cannot be negative.').max(maxCap).nullable();

/** One row of caps: for every country (`country` null) or for one; a null period has no cap. */
export const capRow = z.strictObject({
  country: countryCode.nullable(),
  day: capLimit,
  week: capLimit,
  month: capLimit,
  total: capLimit,
});
export type CapRow = z.infer<typeof capRow>;

export const departmentCapsBody = z.strictObject({
  /** Whether a broker's refusal uses up its slot (else the slot is given back). */
  refusals_count: z.boolean(),
  /** At most this many deliveries per local clock hour; null: no pacing. */
  pacing_per_hour: z.number().int('Pacing is a whole number.').min(1, 'Pacing is at least 1 per hour.').max(1_000_000).nullable(),
  caps: z
    .array(capRow)
    .max(300)
    .superRefine((rows, context) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const key = row.country ?? '';
        if (seen.has(key))
          context.addIssue({ code: 'custom', path: [index, 'country'], message: row.country ? `${row.country} has two rows of caps.` : 'All countries have two rows of caps.' });
        seen.add(key);
      });
    }),
});
export type DepartmentCapsBody = z.input<typeof departmentCapsBody>;

export const departmentCaps = z.object({
  department_id: z.number().int(),
  time_zone: z.string(),
  refusals_count: z.boolean(),
  pacing_per_hour: z.number().int().nullable(),
  caps: z.array(
    z.object({ country: z.string().nullable(), day: z.number().int().nullable(), week: z.number().int().nullable(), month: z.number().int().nullable(), total: z.number().int().nullable() }),
  ),
});
export type DepartmentCaps = z.infer<typeof departmentCaps>;

// ── caps board (GET /distribution/caps) ──────────────────────────────────────────────────────────────

export const capUsage = z.object({
  period: z.enum(capPeriods),
  country: z.string().nullable(),
  used: z.number().int(),
  cap: z.number().int(),
  /** The first instant of the current period in the department's zone (null for `total`). */
  period_start: isoDateTime.nullable(),
});
export type CapUsage = z.infer<typeof capUsage>;

export const circuitStates = ['closed', 'open', 'half_open'] as const;
/** The send integration's circuit breaker: open (failing fast) until `open_until`, then half-open (one trial call may go). */
export const circuitStatus = z.object({ state: z.enum(circuitStates), failures: z.number().int(), open_until: isoDateTime.nullable() });
export type CircuitStatus = z.infer<typeof circuitStatus>;

export const capsBoardRow = z.object({
  department: z.object({ id: z.number().int(), branch_name: z.string(), is_active: z.boolean(), broker: z.object({ id: z.number().int(), name: z.string() }) }),
  time_zone: z.string(),
  /** Whether it has working hours (none: open around the clock, closed dates aside). */
  hours_configured: z.boolean(),
  open: z.boolean(),
  /** When it next opens or closes; null: never (within the next year). */
  next_change: isoDateTime.nullable(),
  refusals_count: z.boolean(),
  caps: z.array(capUsage),
  pacing: z.object({ per_hour: z.number().int(), used: z.number().int() }).nullable(),
  circuit: circuitStatus,
});
export type CapsBoardRow = z.infer<typeof capsBoardRow>;
