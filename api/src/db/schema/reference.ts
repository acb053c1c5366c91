import { boolean, index, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defaultStatusColors } from '@crm/shared/contract';
import { id, timestamps } from './columns.ts';
import { userSettings } from './auth.ts';

/** Interface languages the console offers (code → name). */
export const locales = pgTable(
  'locales',
  {
    id: id(),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    is_active: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (table) => [uniqueIndex('locales_code_unique').on(table.code)],
);

/** Server-side translations overlaid on the translation files (`/api/localizations/{lng}`). */
export const localizations = pgTable(
  'localizations',
  {
    id: id(),
    locale: varchar('locale', { length: 16 }).notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    value: text('value').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('localizations_locale_key_unique').on(table.locale, table.key)],
);

export const languages = pgTable(
  'languages',
  {
    id: id(),
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    native_name: varchar('native_name', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('languages_code_unique').on(table.code)],
);

export const countries = pgTable(
  'countries',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    full_name: varchar('full_name', { length: 255 }),
    capital: varchar('capital', { length: 255 }),
    citizenship: varchar('citizenship', { length: 255 }),
    country_code: varchar('country_code', { length: 3 }).notNull(),
    currency: varchar('currency', { length: 255 }),
    currency_code: varchar('currency_code', { length: 3 }),
    currency_sub_unit: varchar('currency_sub_unit', { length: 255 }),
    currency_symbol: varchar('currency_symbol', { length: 16 }),
    currency_decimals: smallint('currency_decimals'),
    iso_3166_2: varchar('iso_3166_2', { length: 2 }).notNull(),
    iso_3166_3: varchar('iso_3166_3', { length: 3 }).notNull(),
    region_code: varchar('region_code', { length: 3 }),
    sub_region_code: varchar('sub_region_code', { length: 3 }),
    eea: boolean('eea').notNull().default(false),
    calling_code: varchar('calling_code', { length: 16 }),
    flag: varchar('flag', { length: 16 }).notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('countries_iso2_unique').on(table.iso_3166_2), uniqueIndex('countries_iso3_unique').on(table.iso_3166_3)],
);

export const statuses = pgTable(
  'statuses',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    class: varchar('class', { length: 16, enum: ['lead', 'email', 'phone'] })
      .notNull()
      .default('lead'),
    in_import: boolean('in_import').notNull().default(false),
    bg_color: varchar('bg_color', { length: 32 }).notNull().default(defaultStatusColors.bg_color),
    text_color: varchar('text_color', { length: 32 }).notNull().default(defaultStatusColors.text_color),
    ...timestamps(),
  },
  (table) => [uniqueIndex('statuses_class_name_unique').on(table.class, table.name)],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    user_setting_id: integer('user_setting_id').references(() => userSettings.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('tags_name_unique').on(table.name)],
);

export const affiliateCompanies = pgTable(
  'affiliate_companies',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('affiliate_companies_name_unique').on(table.name)],
);

export const sources = pgTable(
  'sources',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    affiliate_company_id: integer('affiliate_company_id').references(() => affiliateCompanies.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [uniqueIndex('sources_name_unique').on(table.name)],
);

/** Per source, a weighted list of statuses given at random to a lead that arrives without one. */
export const sourceRandomStatuses = pgTable(
  'source_random_statuses',
  {
    id: id(),
    source_id: integer('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    status_id: integer('status_id')
      .notNull()
      .references(() => statuses.id, { onDelete: 'restrict' }),
    weight: integer('weight').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('source_random_statuses_unique').on(table.source_id, table.status_id), index('source_random_statuses_status_idx').on(table.status_id)],
);

export const exportSettings = pgTable('export_settings', {
  id: id(),
  name: varchar('name', { length: 255 }).notNull(),
  columns: text('columns').array().notNull(),
  ...timestamps(),
});

export const exportSettingUsers = pgTable(
  'export_setting_users',
  {
    export_setting_id: integer('export_setting_id')
      .notNull()
      .references(() => exportSettings.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').notNull(),
  },
  (table) => [uniqueIndex('export_setting_users_unique').on(table.export_setting_id, table.user_id)],
);
