/**
 * Distribution rules (issue 33): which leads a rule takes (each condition a list of accepted values, empty for any)
 * and, per tier in priority order, the departments it splits them over by weight. Rules are tried by `position`.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { brokerDepartments } from './brokers.ts';

/**
 * Conditions hold ids without foreign keys (a list column): a company or source deleted later leaves an id no lead
 * carries, so the condition then accepts only the rule's other values.
 */
export const distributionRules = pgTable(
  'distribution_rules',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    /** 1 is tried first; kept 1…n by every write that moves rules. */
    position: integer('position').notNull(),
    is_enabled: boolean('is_enabled').notNull().default(true),
    affiliate_company_ids: integer('affiliate_company_ids').array().notNull().default([]),
    source_ids: integer('source_ids').array().notNull().default([]),
    countries: varchar('countries', { length: 2 }).array().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    funnels: text('funnels').array().notNull().default([]),
    sub1: text('sub1').array().notNull().default([]),
    sub2: text('sub2').array().notNull().default([]),
    sub3: text('sub3').array().notNull().default([]),
    sub4: text('sub4').array().notNull().default([]),
    sub5: text('sub5').array().notNull().default([]),
    ...timestamps(),
  },
  (table) => [index('distribution_rules_position_idx').on(table.position, table.id)],
);

/**
 * A rule's departments: its tier (0 is tried first) and weight within it. One row per department per rule, so a
 * department cannot sit in two tiers of one rule. A deleted department leaves its tier (an emptied tier is skipped).
 */
export const distributionRuleDepartments = pgTable(
  'distribution_rule_departments',
  {
    rule_id: integer('rule_id')
      .notNull()
      .references(() => distributionRules.id, { onDelete: 'cascade' }),
    department_id: integer('department_id')
      .notNull()
      .references(() => brokerDepartments.id, { onDelete: 'cascade' }),
    tier: smallint('tier').notNull(),
    weight: integer('weight').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.rule_id, table.department_id] }),
    index('distribution_rule_departments_department_idx').on(table.department_id),
    check('distribution_rule_departments_weight_positive', sql`${table.weight} > 0`),
    check('distribution_rule_departments_tier_not_negative', sql`${table.tier} >= 0`),
  ],
);
