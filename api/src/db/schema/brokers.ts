import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
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
    broker_id: integer('broker_id').notNull().references(() => brokers.id, { onDelete: 'cascade' }),
    affiliate_company_id: integer('affiliate_company_id').notNull().references(() => affiliateCompanies.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.broker_id, table.affiliate_company_id] }), index('broker_affiliate_companies_company_idx').on(table.affiliate_company_id)],
);

export const brokerDepartments = pgTable(
  'broker_departments',
  {
    id: id(),
    broker_id: integer('broker_id').notNull().references(() => brokers.id, { onDelete: 'cascade' }),
    branch_name: varchar('branch_name', { length: 255 }).notNull(),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('broker_departments_broker_branch_unique').on(table.broker_id, table.branch_name)],
);

/**
 * How leads are sent to one broker department. Secret columns hold ciphertext (encrypted at rest by the
 * send-integration service) and are never returned in full.
 */
export const sendIntegrations = pgTable(
  'send_integrations',
  {
    id: id(),
    broker_department_id: integer('broker_department_id').notNull().references(() => brokerDepartments.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    site_url: text('site_url').notNull(),
    username: varchar('username', { length: 255 }),
    password: text('password'),
    api_token: text('api_token'),
    access_token: text('access_token'),
    auth_type: varchar('auth_type', { length: 32, enum: ['none', 'basic', 'bearer', 'header_key', 'query_token', 'token_exchange'] }).notNull().default('none'),
    response_type: varchar('response_type', { length: 32, enum: ['http_2xx', 'json_path_equals', 'body_contains'] }).notNull().default('http_2xx'),
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
    middleware: varchar('middleware', { length: 64 }),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [index('send_integrations_department_idx').on(table.broker_department_id)],
);
