import { sql, type SQL } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { blacklistTypes, failedLeadReasonCodes, statusChangeCauses, sendStates } from '@crm/shared/contract';
import { at, bigId, createdAt, id, timestamps } from './columns.ts';
import { users } from './auth.ts';
import { jobs } from './system.ts';
import { affiliateCompanies, sources, statuses, tags } from './reference.ts';
import { brokerDepartments, sendIntegrations } from './brokers.ts';

/**
 * The characters inside emails and names that pg_trgm takes for word breaks (a phone's '+' is not inside one).
 * Broken into short words, 'j.smith' or 'smith@ex' looked up trigrams that most leads have ('  j', ' ex': words
 * starting with j, with ex), 200–400 ms at a million leads; the free-text index therefore reads the text without them
 * ('jsmith', 'smithex': 6–30 ms).
 */
const wordJoiners = ".@_-'";

/** `search_text` as the free-text index reads it: without `wordJoiners`, spaces kept (name, surname, email and phone stay apart). */
export const compactedSearchText = (searchText: AnyPgColumn): SQL => sql`translate(${searchText}, ${sql.raw(`'${wordJoiners.replaceAll("'", "''")}'`)}, '')`;

const wordJoinerPattern = new RegExp(`[${wordJoiners.replaceAll(/[\\\]^-]/g, '\\$&')}]`, 'g');

/** A free text compacted the same way, to look up in that index. */
export const compactSearchText = (text: string): string => text.replaceAll(wordJoinerPattern, '');

export const leads = pgTable(
  'leads',
  {
    id: id(),
    lead_id: varchar('lead_id', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }),
    surname: varchar('surname', { length: 255 }),
    email: varchar('email', { length: 255 }),
    alt_email: varchar('alt_email', { length: 255 }),
    phone: varchar('phone', { length: 64 }),
    phone_prefix: varchar('phone_prefix', { length: 8 }),
    alt_phone: varchar('alt_phone', { length: 64 }),
    alt_phone_prefix: varchar('alt_phone_prefix', { length: 8 }),
    phone_normalized: varchar('phone_normalized', { length: 20 }),
    address: text('address'),
    second_address: text('second_address'),
    state: varchar('state', { length: 255 }),
    city: varchar('city', { length: 255 }),
    zip: varchar('zip', { length: 32 }),
    country: varchar('country', { length: 2 }),
    date_of_birth: date('date_of_birth', { mode: 'string' }),
    language: varchar('language', { length: 16 }),
    funnel: varchar('funnel', { length: 255 }),
    comment: text('comment'),
    /** The address the lead came from (intake or import), matched against IP / CIDR blacklist entries. */
    ip: varchar('ip', { length: 45 }),
    source_id: integer('source_id').references(() => sources.id, { onDelete: 'restrict' }),
    affiliate_company_id: integer('affiliate_company_id').references(() => affiliateCompanies.id, { onDelete: 'restrict' }),
    status_id: integer('status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    original_status_id: integer('original_status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    status_changed_at: at('status_changed_at'),
    live_status: varchar('live_status', { length: 255 }),
    email_status_id: integer('email_status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    alt_email_status_id: integer('alt_email_status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    phone_status_id: integer('phone_status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    alt_phone_status_id: integer('alt_phone_status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    not_available_till: at('not_available_till'),
    purchase_site: varchar('purchase_site', { length: 255 }),
    purchase_date: at('purchase_date'),
    purchase_amount: numeric('purchase_amount', { precision: 14, scale: 2 }),
    recovery_amount: numeric('recovery_amount', { precision: 14, scale: 2 }),
    product_name: varchar('product_name', { length: 255 }),
    card_name: varchar('card_name', { length: 255 }),
    card_type: varchar('card_type', { length: 64 }),
    card_digits: varchar('card_digits', { length: 4 }),
    deposit_exists: boolean('deposit_exists').notNull().default(false),
    api_lead_id: varchar('api_lead_id', { length: 255 }),
    api_ftd_at: at('api_ftd_at'),
    api_lead_status: varchar('api_lead_status', { length: 255 }),
    api_client_id: varchar('api_client_id', { length: 255 }),
    lead_url: text('lead_url'),
    client_url: text('client_url'),
    is_fresh: boolean('is_fresh').notNull().default(true),
    last_broker_department_id: integer('last_broker_department_id').references(() => brokerDepartments.id, { onDelete: 'set null' }),
    last_sent_at: at('last_sent_at'),
    /** The affiliate's click id and sub ids (`POST /api/v1/leads`), kept as sent. */
    click_id: varchar('click_id', { length: 255 }),
    sub1: varchar('sub1', { length: 255 }),
    sub2: varchar('sub2', { length: 255 }),
    sub3: varchar('sub3', { length: 255 }),
    sub4: varchar('sub4', { length: 255 }),
    sub5: varchar('sub5', { length: 255 }),
    /** The import job and row a lead came from: makes a retried import insert each row once. */
    import_job_id: integer('import_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    import_row: integer('import_row'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased name, email and phone: what the free-text search matches with a trigram index. */
    search_text: text('search_text').generatedAlwaysAs(sql`lower(coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_normalized, ''))`),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('leads_lead_id_unique').on(table.lead_id),
    uniqueIndex('leads_import_row_unique').on(table.import_job_id, table.import_row),
    // The default order, carrying the free text: a substring search walks it without reading the rows (search/plans.ts).
    index('leads_created_idx').on(table.created_at, table.id, table.search_text),
    index('leads_status_created_idx').on(table.status_id, table.created_at, table.id),
    index('leads_source_created_idx').on(table.source_id, table.created_at, table.id),
    index('leads_country_created_idx').on(table.country, table.created_at, table.id),
    index('leads_affiliate_created_idx').on(table.affiliate_company_id, table.created_at, table.id), // GET /api/v1/leads, newest first
    // Email prefixes, carrying the default order: a prefix's matches and their page come from the index alone (search/plans.ts).
    index('leads_email_idx').on(table.email.op('text_pattern_ops'), table.created_at, table.id),
    index('leads_phone_normalized_idx').on(table.phone_normalized, table.created_at), // a phone's newest lead, whatever the statistics
    // The nullable sorts list leads without the date last in both directions (search/sql.ts): one index per direction.
    index('leads_api_ftd_idx').on(table.api_ftd_at, table.id),
    index('leads_api_ftd_desc_idx').on(table.api_ftd_at.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('leads_last_sent_idx').on(table.last_sent_at, table.id),
    index('leads_last_sent_desc_idx').on(table.last_sent_at.desc().nullsLast(), table.id.desc().nullsFirst()),
    index('leads_last_department_idx').on(table.last_broker_department_id, table.last_sent_at),
    index('leads_search_compact_trgm_idx').using('gin', sql`${compactedSearchText(table.search_text)} gin_trgm_ops`),
    // The broker-side statuses seen (a skip scan, db/distinct.ts) and the leads holding one, without a row read.
    index('leads_api_lead_status_idx')
      .on(table.api_lead_status, table.id)
      .where(sql`${table.api_lead_status} is not null`),
  ],
);

export const leadTags = pgTable(
  'lead_tags',
  {
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    tag_id: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.lead_id, table.tag_id] }), index('lead_tags_tag_idx').on(table.tag_id, table.lead_id)],
);

/** Every field change of a lead: who, when, old and new value. */
export const leadDataHistories = pgTable(
  'lead_data_histories',
  {
    id: bigId(),
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    field: varchar('field', { length: 64 }).notNull(),
    old_value: text('old_value'),
    new_value: text('new_value'),
    created_at: createdAt(),
  },
  (table) => [index('lead_data_histories_lead_idx').on(table.lead_id, table.created_at)],
);

/** Every status change of a lead and its cause. */
export const leadStatusHistories = pgTable(
  'lead_status_histories',
  {
    id: bigId(),
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    from_status_id: integer('from_status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    to_status_id: integer('to_status_id').references(() => statuses.id, { onDelete: 'restrict' }),
    cause: varchar('cause', { length: 16, enum: statusChangeCauses }).notNull(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    lead_status_setting_id: integer('lead_status_setting_id'),
    job_id: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (table) => [index('lead_status_histories_lead_idx').on(table.lead_id, table.created_at)],
);

/** Every attempt to send a lead to a broker department. One row per (job, lead): a job never sends a lead twice. */
export const leadSendHistories = pgTable(
  'lead_send_histories',
  {
    id: bigId(),
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    broker_department_id: integer('broker_department_id').references(() => brokerDepartments.id, { onDelete: 'set null' }),
    send_integration_id: integer('send_integration_id').references(() => sendIntegrations.id, { onDelete: 'set null' }),
    job_id: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 16, enum: sendStates }).notNull().default('sending'),
    failure_status: varchar('failure_status', { length: 255 }),
    api_lead_id: varchar('api_lead_id', { length: 255 }),
    lead_url: text('lead_url'),
    request: jsonb('request'),
    response: jsonb('response'),
    duration_ms: integer('duration_ms'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('lead_send_histories_job_lead_unique').on(table.job_id, table.lead_id),
    index('lead_send_histories_lead_idx').on(table.lead_id, table.created_at),
    // By time (the lists' order), and a day range's outcomes per department for the dashboard from the index alone.
    index('lead_send_histories_created_outcome_idx').on(table.created_at, table.state, table.broker_department_id),
    index('lead_send_histories_department_idx').on(table.broker_department_id, table.created_at),
    // The sort by duration, attempts without one last in both directions (sendHistory/service.ts): one index per direction.
    index('lead_send_histories_duration_idx').on(table.duration_ms, table.id),
    index('lead_send_histories_duration_desc_idx').on(table.duration_ms.desc().nullsLast(), table.id.desc().nullsFirst()),
    // The failure statuses seen (a skip scan, db/distinct.ts) and one's attempts by time.
    index('lead_send_histories_failure_status_idx')
      .on(table.failure_status, table.created_at)
      .where(sql`${table.failure_status} is not null`),
  ],
);

/** Broker-side status and FTD changes, pulled from or pushed by the broker. */
export const leadBrokerHistories = pgTable(
  'lead_broker_histories',
  {
    id: bigId(),
    lead_id: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    broker_department_id: integer('broker_department_id').references(() => brokerDepartments.id, { onDelete: 'set null' }),
    channel: varchar('channel', { length: 8, enum: ['pull', 'push'] }).notNull(),
    api_lead_status: varchar('api_lead_status', { length: 255 }),
    api_ftd_at: at('api_ftd_at'),
    payload: jsonb('payload'),
    created_at: createdAt(),
  },
  (table) => [
    index('lead_broker_histories_lead_idx').on(table.lead_id, table.created_at),
    index('lead_broker_histories_department_idx').on(table.broker_department_id, table.created_at),
    // A lead's first deposit is reported once (sending/status/apply.ts), so a department's FTD rows count its FTD leads (modules/brokers/ftds.ts).
    uniqueIndex('lead_broker_histories_ftd_lead_unique')
      .on(table.lead_id)
      .where(sql`${table.api_ftd_at} is not null`),
    // The dashboard (modules/dashboard/counts.ts): a day range of FTDs with their department, from the index alone.
    index('lead_broker_histories_ftd_idx')
      .on(table.api_ftd_at, table.broker_department_id)
      .where(sql`${table.api_ftd_at} is not null`),
  ],
);

/**
 * The dashboard's unique leads (modules/dashboard/counts.ts): each lead whose contact (its email, else its phone) had
 * an earlier lead less than 48 hours before, with that lead's time. A day's unique leads are its leads less those
 * whose previous lead fell on the same day. Kept by triggers on `leads` (migration 0006), so every writer keeps it.
 */
export const leadContactRepeats = pgTable(
  'lead_contact_repeats',
  {
    lead_id: integer('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    created_at: at('created_at').notNull(),
    previous_at: at('previous_at').notNull(),
  },
  (table) => [index('lead_contact_repeats_created_idx').on(table.created_at, table.previous_at)],
);

/** An intake or import row that was rejected, kept raw so staff can fix and retry it. */
export const failedLeads = pgTable(
  'failed_leads',
  {
    id: id(),
    raw: jsonb('raw').notNull(),
    reason_code: varchar('reason_code', { length: 32, enum: failedLeadReasonCodes }).notNull(),
    message: text('message').notNull(),
    source_id: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    affiliate_company_id: integer('affiliate_company_id').references(() => affiliateCompanies.id, { onDelete: 'set null' }),
    import_job_id: integer('import_job_id').references(() => jobs.id, { onDelete: 'set null' }),
    import_row: integer('import_row'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('failed_leads_import_row_unique').on(table.import_job_id, table.import_row), index('failed_leads_created_idx').on(table.created_at)],
);

export const blacklist = pgTable(
  'blacklist',
  {
    id: id(),
    type: varchar('type', { length: 16, enum: blacklistTypes }).notNull(),
    value: varchar('value', { length: 255 }).notNull(),
    comment: text('comment'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('blacklist_type_value_unique').on(table.type, table.value)],
);

/** If a lead has had `condition_status` for `duration_day` days, set it to `last_status`. */
export const leadStatusSettings = pgTable(
  'lead_status_settings',
  {
    id: id(),
    condition_status_id: integer('condition_status_id')
      .notNull()
      .references(() => statuses.id, { onDelete: 'restrict' }),
    last_status_id: integer('last_status_id')
      .notNull()
      .references(() => statuses.id, { onDelete: 'restrict' }),
    duration_day: integer('duration_day').notNull().default(1),
    ignore_duration: boolean('ignore_duration').notNull().default(false),
    ...timestamps(),
  },
  (table) => [uniqueIndex('lead_status_settings_condition_unique').on(table.condition_status_id)],
);
