import { boolean, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { authTypes, middlewareNames, phoneFormats, responseTypes } from '@crm/shared/contract';
import { at, id, timestamps } from './columns.ts';
import { affiliateCompanies } from './reference.ts';

export const brokers = pgTable(
  'brokers',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    company_name: varchar('company_name', { length: 255 }),
    company_info: text('company_info'),
    company_web_pages: text('company_web_pages').array().notNull().default([]),
    agreement_details: text('agreement_details'),
    ip_addresses: text('ip_addresses').array().notNull().default([]),
    contract_expires_in: date('contract_expires_in', { mode: 'string' }),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('brokers_name_unique').on(table.name)],
);

export const brokerAffiliateCompanies = pgTable(
  'broker_affiliate_companies',
  {
    broker_id: integer('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    affiliate_company_id: integer('affiliate_company_id')
      .notNull()
      .references(() => affiliateCompanies.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.broker_id, table.affiliate_company_id] }), index('broker_affiliate_companies_company_idx').on(table.affiliate_company_id)],
);

export const brokerDepartments = pgTable(
  'broker_departments',
  {
    id: id(),
    broker_id: integer('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    branch_name: varchar('branch_name', { length: 255 }).notNull(),
    /** The one integration leads go through; none: the department cannot be sent to. */
    send_integration_id: integer('send_integration_id').references((): AnyPgColumn => sendIntegrations.id, { onDelete: 'set null' }),
    is_active: boolean('is_active').notNull().default(true),
    /** ISO alpha-2 codes and language codes the department accepts; empty accepts every lead. */
    countries: text('countries').array().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    ...timestamps(),
  },
  (table) => [uniqueIndex('broker_departments_broker_branch_unique').on(table.broker_id, table.branch_name), index('broker_departments_integration_idx').on(table.send_integration_id)],
);

/**
 * How leads reach a broker: departments point at one. Secret columns hold ciphertext (encrypted at rest by the
 * send-integration service) and are never returned in full.
 */
export const sendIntegrations = pgTable(
  'send_integrations',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    site_url: text('site_url').notNull(),
    token_url: text('token_url'),
    username: varchar('username', { length: 255 }),
    password: text('password'),
    api_token: text('api_token'),
    access_token: text('access_token'),
    /** When the cached `access_token` of a token exchange runs out. */
    access_token_expires_at: at('access_token_expires_at'),
    auth_type: varchar('auth_type', { length: 32, enum: authTypes }).notNull().default('none'),
    response_type: varchar('response_type', { length: 32, enum: responseTypes }).notNull().default('http_2xx'),
    response_content: jsonb('response_content').notNull().default({}),
    tag: varchar('tag', { length: 255 }),
    token: text('token'),
    affiliate_id: varchar('affiliate_id', { length: 255 }),
    register_lead: boolean('register_lead').notNull().default(true),
    register_client: boolean('register_client').notNull().default(false),
    is_lead: boolean('is_lead').notNull().default(true),
    brand_id: varchar('brand_id', { length: 255 }),
    campaign_id: varchar('campaign_id', { length: 255 }),
    lead_password: text('lead_password'),
    push_api_key: text('push_api_key'),
    pull_api_key: text('pull_api_key'),
    link_id: varchar('link_id', { length: 255 }),
    send_a_lot: boolean('send_a_lot').notNull().default(false),
    allowed_ips: text('allowed_ips').array().notNull().default([]),
    is_sender: boolean('is_sender').notNull().default(true),
    gmt_timezone: varchar('gmt_timezone', { length: 64 }).notNull().default('UTC'),
    api_key: text('api_key'),
    middleware: varchar('middleware', { length: 64, enum: middlewareNames }),
    phone_format: varchar('phone_format', { length: 16, enum: phoneFormats }).notNull().default('e164'),
    concurrency: smallint('concurrency').notNull().default(10),
    /** How long a call to the broker may take (1–60 s); past it the outcome is unknown. */
    timeout_seconds: smallint('timeout_seconds').notNull().default(15),
    /** The end of the last status / FTD pull window. */
    last_pulled_at: at('last_pulled_at'),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('send_integrations_name_unique').on(table.name)],
);

/**
 * The circuit breaker of an integration, shared by every process (sending/engine/breaker.ts): the broker failures in a
 * row, and while open until when calls fail fast; after that one process holds the trial call until `trial_until`
 * (a trial whose process died frees itself then). No row, or a row with no failures: closed.
 */
export const integrationCircuits = pgTable('integration_circuits', {
  integration_id: integer('integration_id')
    .primaryKey()
    .references(() => sendIntegrations.id, { onDelete: 'cascade' }),
  failures: integer('failures').notNull().default(0),
  opened_at: at('opened_at'),
  open_until: at('open_until'),
  trial_until: at('trial_until'),
  updated_at: at('updated_at').notNull().defaultNow(),
});

/**
 * The call slots of an integration, shared by every process (sending/engine/limiter.ts): slot 0 … concurrency − 1, each
 * free (no holder) or held by one process until `lease_until`, which the holder renews while it holds it — a slot whose
 * process died frees itself then. So an integration's `concurrency` holds across all API and worker processes.
 */
export const integrationCallSlots = pgTable(
  'integration_call_slots',
  {
    integration_id: integer('integration_id')
      .notNull()
      .references(() => sendIntegrations.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    /** The holding process's token; null: free. */
    holder: uuid('holder'),
    lease_until: at('lease_until'),
  },
  (table) => [primaryKey({ columns: [table.integration_id, table.slot] })],
);
