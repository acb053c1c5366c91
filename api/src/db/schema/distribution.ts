/**
 * Automatic distribution (issue 33), per broker department: its working hours in its own IANA zone, its caps (per
 * period, for all countries or one) and the cap counters reservations are taken on (modules/distribution/caps.ts).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { capPeriods, counterPeriods, type HoursWindow } from '@crm/shared/contract';
import { at, timestamps } from './columns.ts';
import { brokerDepartments } from './brokers.ts';

/** One row per department that has hours or cap settings; a department without one is open around the clock, uncapped, in UTC. */
export const departmentLimits = pgTable(
  'department_limits',
  {
    department_id: integer('department_id')
      .primaryKey()
      .references(() => brokerDepartments.id, { onDelete: 'cascade' }),
    /** The zone its hours are read in and its cap periods start in. */
    time_zone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    /** Opening windows per ISO weekday; none: open every day. */
    windows: jsonb('windows').$type<HoursWindow[]>().notNull().default([]),
    /** Local dates it is closed all day (and the windows that start on them do not open). */
    closed_dates: date('closed_dates', { mode: 'string' }).array().notNull().default([]),
    /** Whether a broker's refusal keeps its cap slot (else the slot is given back). */
    refusals_count: boolean('refusals_count').notNull().default(false),
    /** At most this many deliveries per local clock hour; null: no pacing. */
    pacing_per_hour: integer('pacing_per_hour'),
    ...timestamps(),
  },
  (table) => [check('department_limits_pacing_positive', sql`${table.pacing_per_hour} is null or ${table.pacing_per_hour} > 0`)],
);

/**
 * A department's caps: at most `cap` delivered leads per period, for every country (`country` = '') or for one. The
 * empty string rather than null stands for "all countries" so the key can be a primary key and an ON CONFLICT target.
 */
export const departmentCaps = pgTable(
  'department_caps',
  {
    department_id: integer('department_id')
      .notNull()
      .references(() => brokerDepartments.id, { onDelete: 'cascade' }),
    period: varchar('period', { length: 8, enum: capPeriods }).notNull(),
    country: varchar('country', { length: 2 }).notNull().default(''),
    cap: integer('cap').notNull(),
  },
  (table) => [primaryKey({ columns: [table.department_id, table.period, table.country] }), check('department_caps_cap_not_negative', sql`${table.cap} >= 0`)],
);

/**
 * Slots taken: one row per (department, period kind, the period's first instant in the department's zone, country
 * or ''), raised by a guarded update before a broker call and lowered when the attempt does not count. `hour` rows
 * are the pacing's; `total` rows start at the epoch.
 */
export const departmentCapCounters = pgTable(
  'department_cap_counters',
  {
    department_id: integer('department_id')
      .notNull()
      .references(() => brokerDepartments.id, { onDelete: 'cascade' }),
    period: varchar('period', { length: 8, enum: counterPeriods }).notNull(),
    period_start: at('period_start').notNull(),
    country: varchar('country', { length: 2 }).notNull().default(''),
    used: integer('used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.department_id, table.period, table.period_start, table.country] }), check('department_cap_counters_used_not_negative', sql`${table.used} >= 0`)],
);
