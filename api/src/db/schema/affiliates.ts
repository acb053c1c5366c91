import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id, timestamps } from './columns.ts';
import { affiliateCompanies, sources, statuses } from './reference.ts';

/**
 * The keys an affiliate company's servers post leads with (`POST /api/v1/leads`). Only the SHA-256 of a key is
 * stored; its first characters (`key_prefix`) let staff tell keys apart. A rotated key keeps working until
 * `revoked_at` (the grace period's end).
 */
export const affiliateApiKeys = pgTable(
  'affiliate_api_keys',
  {
    id: id(),
    affiliate_company_id: integer('affiliate_company_id')
      .notNull()
      .references(() => affiliateCompanies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    key_prefix: varchar('key_prefix', { length: 16 }).notNull(),
    key_hash: varchar('key_hash', { length: 64 }).notNull(),
    /** The source every lead posted with the key gets. */
    source_id: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'restrict' }),
    /** Canonical IPs and CIDR ranges (`normalizeIpOrCidr`); empty: any address. */
    allowed_ips: text('allowed_ips').array().notNull().default([]),
    /** Calls per minute (a fixed window, counted in `affiliate_rate_windows`); past it `RATE_LIMITED`. */
    rate_limit_per_minute: integer('rate_limit_per_minute').notNull().default(600),
    is_active: boolean('is_active').notNull().default(true),
    expires_at: at('expires_at'),
    last_used_at: at('last_used_at'),
    last_used_ip: varchar('last_used_ip', { length: 45 }),
    /** Set by revoke (now) and by rotate (the end of the grace period): from then on the key is refused. */
    revoked_at: at('revoked_at'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('affiliate_api_keys_hash_unique').on(table.key_hash), index('affiliate_api_keys_company_idx').on(table.affiliate_company_id)],
);

const company = () =>
  integer('affiliate_company_id')
    .notNull()
    .references(() => affiliateCompanies.id, { onDelete: 'cascade' });

/**
 * What an affiliate company's intake and its side of the API follow: the zone its day (and daily cap) is counted in,
 * the cap of accepted leads per day (null: none), the public status an unmapped internal status shows as, and how
 * long an FTD stays hidden from the affiliate after it was reported. A company without a row has the defaults.
 */
export const affiliateSettings = pgTable('affiliate_settings', {
  affiliate_company_id: company().primaryKey(),
  time_zone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
  daily_cap: integer('daily_cap'),
  default_public_status: varchar('default_public_status', { length: 64 }).notNull().default('In progress'),
  ftd_hold_hours: integer('ftd_hold_hours').notNull().default(0),
  ...timestamps(),
});

/** Internal lead status → the public status an affiliate company sees (pull and postbacks). */
export const affiliateStatusMap = pgTable(
  'affiliate_status_map',
  {
    affiliate_company_id: company(),
    status_id: integer('status_id')
      .notNull()
      .references(() => statuses.id, { onDelete: 'cascade' }),
    public_status: varchar('public_status', { length: 64 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.affiliate_company_id, table.status_id] })],
);

/** Calls per key and minute: the rate limit, shared by every API process. Old windows are purged. */
export const affiliateRateWindows = pgTable(
  'affiliate_rate_windows',
  {
    key_id: integer('key_id')
      .notNull()
      .references(() => affiliateApiKeys.id, { onDelete: 'cascade' }),
    window_start: at('window_start').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key_id, table.window_start] }), index('affiliate_rate_windows_start_idx').on(table.window_start)],
);

/**
 * `Idempotency-Key` answers, per company, kept 72 h: a row without an answer is a call still in flight (or one that
 * died, taken over once stale); a replay with the same body hash gets `answer` again.
 */
export const affiliateIdempotency = pgTable(
  'affiliate_idempotency',
  {
    affiliate_company_id: company(),
    idempotency_key: varchar('idempotency_key', { length: 255 }).notNull(),
    body_hash: varchar('body_hash', { length: 64 }).notNull(),
    answer_status: integer('answer_status'),
    answer: jsonb('answer'),
    created_at: createdAt(),
    claimed_at: at('claimed_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.affiliate_company_id, table.idempotency_key] }), index('affiliate_idempotency_created_idx').on(table.created_at)],
);

/** Accepted leads per company and local day (its `time_zone`), counted only while a daily cap is set. */
export const affiliateDailyCounts = pgTable(
  'affiliate_daily_counts',
  {
    affiliate_company_id: company(),
    day: date('day', { mode: 'string' }).notNull(),
    accepted: integer('accepted').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.affiliate_company_id, table.day] })],
);
