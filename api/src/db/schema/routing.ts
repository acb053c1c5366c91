/**
 * Automatic distribution (issue 33), the engine's state (modules/distribution/engine.ts): per lead its distribution
 * (the queue and the hold queue: a worker takes rows whose `next_attempt_at` has come), every routing verdict, and
 * the console's distribution settings.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { distributionStates, distributionVerdicts } from '@crm/shared/contract';
import { at, bigId, createdAt, timestamps } from './columns.ts';
import { brokerDepartments } from './brokers.ts';
import { leads } from './leads.ts';

/** One row per lead queued for distribution. */
export const leadDistributions = pgTable(
  'lead_distributions',
  {
    lead_id: integer('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 16, enum: distributionStates }).notNull().default('pending'),
    /** The last reason (held, unassigned, timeout): a verdict code and its words. */
    reason_code: varchar('reason_code', { length: 32, enum: distributionVerdicts }),
    reason: text('reason'),
    /** The rule that matched (the rules table's id). */
    rule_id: integer('rule_id'),
    /** Broker calls made for the lead (at most the setting's maximum). */
    attempts: integer('attempts').notNull().default(0),
    /** Held: after this it is left unassigned. Set when it is first held. */
    hold_until: at('hold_until'),
    /** When a worker takes it (again): now when queued, the next opening or retry when held, past a lease while taken. */
    next_attempt_at: at('next_attempt_at').notNull().defaultNow(),
    delivered_department_id: integer('delivered_department_id').references(() => brokerDepartments.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('lead_distributions_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.state} in ('pending', 'held')`),
    index('lead_distributions_state_idx').on(table.state, table.updated_at),
  ],
);

/** A routing verdict: for a candidate department (or the lead, `department_id` null) at an attempt. */
export const distributionDecisions = pgTable(
  'distribution_decisions',
  {
    id: bigId(),
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    tier: smallint('tier'),
    department_id: integer('department_id').references(() => brokerDepartments.id, { onDelete: 'set null' }),
    code: varchar('code', { length: 32, enum: distributionVerdicts }).notNull(),
    detail: text('detail').notNull(),
    at: createdAt(),
  },
  (table) => [index('distribution_decisions_lead_idx').on(table.lead_id, table.id)],
);

/** The console's distribution settings: one row (id 1); without it the column defaults apply. */
export const distributionSettings = pgTable(
  'distribution_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Broker calls per lead at most (failover included). */
    max_attempts: integer('max_attempts').notNull().default(3),
    /** How long a lead that nothing can take now is held and retried before it is left unassigned. */
    hold_hours: integer('hold_hours').notNull().default(24),
    ...timestamps(),
  },
  (table) => [
    check('distribution_settings_single_row', sql`${table.id} = 1`),
    check('distribution_settings_max_attempts_positive', sql`${table.max_attempts} >= 1`),
    check('distribution_settings_hold_hours_not_negative', sql`${table.hold_hours} >= 0`),
  ],
);
