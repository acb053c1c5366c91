import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.ts';
import { affiliateCompanies, sources } from './reference.ts';

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
    /** Stored now; enforced by a later increment. */
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
