/**
 * Reports' incremental rollups (issue 35, modules/reports). Kept by triggers (migration 0028), so every writer keeps
 * them: intake, import, sends, status sync, distribution, deletes, and SQL typed by hand.
 *
 * - `report_lead_facts`: per lead, what a report counts of it (its keys, and whether it was distributed, delivered,
 *   refused by brokers, left unassigned, deposited), refreshed from the base tables whenever one of them changes it.
 * - `report_deltas`: each change of a lead's facts or of a refusal as signed counts (the old facts less, the new
 *   ones more): append-only, so writers never wait on each other for a rollup row.
 * - `report_rollups`: the deltas folded (modules/reports/fold.ts) into counts per grouping set and UTC hour or day.
 *   A report reads rollups and the deltas not yet folded in one statement, so it is exact at any moment.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, pgTable, smallint, unique, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { at, bigId } from './columns.ts';

/** The keys a rollup row can carry (a broker is its department's, looked up when a report is read). */
const keyColumns = () => ({
  affiliate_company_id: integer('affiliate_company_id'),
  source_id: integer('source_id'),
  department_id: integer('department_id'),
  country: varchar('country', { length: 2 }),
  language: varchar('language', { length: 16 }),
  funnel: varchar('funnel', { length: 255 }),
});

/** Signed counts: a lead's facts, a refusal per reason. */
const countColumns = () => ({
  accepted: integer('accepted').notNull().default(0),
  refused: integer('refused').notNull().default(0),
  // One per failedLeadReasonCodes entry, lower-cased (reportReasonColumns).
  refused_invalid: integer('refused_invalid').notNull().default(0),
  refused_duplicate: integer('refused_duplicate').notNull().default(0),
  refused_blacklisted: integer('refused_blacklisted').notNull().default(0),
  refused_unknown_source: integer('refused_unknown_source').notNull().default(0),
  refused_unknown_status: integer('refused_unknown_status').notNull().default(0),
  refused_cap_reached: integer('refused_cap_reached').notNull().default(0),
  distributed: integer('distributed').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  broker_refused: integer('broker_refused').notNull().default(0),
  unassigned: integer('unassigned').notNull().default(0),
  ftds: integer('ftds').notNull().default(0),
});

export const reportLeadFacts = pgTable(
  'report_lead_facts',
  {
    /** No foreign key: a lead's delete trigger takes its facts away with a delta, which a cascade would skip. */
    lead_id: integer('lead_id').primaryKey(),
    created_at: at('created_at').notNull(),
    ...keyColumns(),
    distributed: boolean('distributed').notNull(),
    delivered: boolean('delivered').notNull(),
    broker_refused: boolean('broker_refused').notNull(),
    unassigned: boolean('unassigned').notNull(),
    ftd: boolean('ftd').notNull(),
    /** From its first delivery to its deposit, when it has both: what the median is taken of. */
    ftd_seconds: doublePrecision('ftd_seconds'),
  },
  (table) => [
    index('report_lead_facts_created_idx').on(table.created_at),
    index('report_lead_facts_ftd_idx')
      .on(table.created_at)
      .where(sql`${table.ftd_seconds} is not null`),
  ],
);

export const reportDeltas = pgTable('report_deltas', {
  id: bigId(),
  created_at: at('created_at').notNull(),
  ...keyColumns(),
  ...countColumns(),
});

export const reportRollups = pgTable(
  'report_rollups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which keys the row is counted by (modules/reports/sets.ts); the others are null. */
    grouping_set: smallint('grouping_set').notNull(),
    /** A UTC hour or day. */
    period_start: at('period_start').notNull(),
    ...keyColumns(),
    ...countColumns(),
  },
  (table) => {
    const keys: AnyPgColumn[] = [table.grouping_set, table.period_start, table.affiliate_company_id, table.source_id, table.department_id, table.country, table.language, table.funnel];
    // Migration 0028 adds report_rollups_read_idx: (grouping_set, period_start) carrying every other column, so a
    // report reads a set's periods from the index alone (drizzle-kit has no INCLUDE).
    return [
      unique('report_rollups_key')
        .on(...(keys as [AnyPgColumn, ...AnyPgColumn[]]))
        .nullsNotDistinct(),
    ];
  },
);
