import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { affiliatePostbackEvents, affiliatePostbackMethods, affiliatePostbackStates, type AffiliatePostbackValues } from '@crm/shared/contract';
import { at, bigId, createdAt, id, timestamps } from './columns.ts';
import { leads } from './leads.ts';
import { affiliateCompanies } from './reference.ts';

const company = () =>
  integer('affiliate_company_id')
    .notNull()
    .references(() => affiliateCompanies.id, { onDelete: 'cascade' });

/** Per affiliate company, at most one URL template per event; only active ones produce events. */
export const affiliatePostbackTemplates = pgTable(
  'affiliate_postback_templates',
  {
    id: id(),
    affiliate_company_id: company(),
    event: varchar('event', { length: 16, enum: affiliatePostbackEvents }).notNull(),
    method: varchar('method', { length: 8, enum: affiliatePostbackMethods }).notNull().default('GET'),
    url_template: text('url_template').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('affiliate_postback_templates_company_event_unique').on(table.affiliate_company_id, table.event)],
);

/**
 * The outbox of postbacks: one row per event, written in the transaction that caused it (intake, a send's outcome,
 * and the `leads` trigger of migration 0019 for status changes and FTDs), delivered by the worker once `due_at` has
 * come. `macros` are the lead's values when the event happened (its public status then), `{event}` and `{event_id}`
 * aside. A claim moves `next_attempt_at` past the attempt (a lease), so a worker that dies mid-call leaves the event
 * to be retried; `delivered` is set once, by event id.
 */
export const affiliatePostbackOutbox = pgTable(
  'affiliate_postback_events',
  {
    id: bigId(),
    affiliate_company_id: company(),
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 16, enum: affiliatePostbackEvents }).notNull(),
    macros: jsonb('macros').$type<Omit<AffiliatePostbackValues, 'event' | 'event_id'>>().notNull(),
    due_at: at('due_at').notNull().defaultNow(),
    state: varchar('state', { length: 16, enum: affiliatePostbackStates }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').defaultNow(),
    delivered_at: at('delivered_at'),
    last_status: smallint('last_status'),
    last_error: text('last_error'),
    created_at: createdAt(),
  },
  (table) => [
    index('affiliate_postback_events_due_idx')
      .on(table.next_attempt_at)
      .where(sql`${table.state} = 'pending'`),
    index('affiliate_postback_events_company_idx').on(table.affiliate_company_id, table.created_at.desc(), table.id.desc()),
    index('affiliate_postback_events_lead_idx').on(table.lead_id),
  ],
);
