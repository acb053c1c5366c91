import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    password_hash: text('password_hash').notNull(),
    is_sender: boolean('is_sender').notNull().default(false),
    locale: varchar('locale', { length: 16 }).notNull().default('en'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('users_email_unique').on(table.email)],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    guard_name: varchar('guard_name', { length: 64 }).notNull().default('web'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('roles_name_guard_unique').on(table.name, table.guard_name)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: id(),
    name: varchar('name', { length: 255 }).notNull(),
    guard_name: varchar('guard_name', { length: 64 }).notNull().default('web'),
    group: varchar('group', { length: 64 }).notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('permissions_name_guard_unique').on(table.name, table.guard_name)],
);

export const roleHasPermissions = pgTable(
  'role_has_permissions',
  {
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.role_id, table.permission_id] }), index('role_has_permissions_permission_idx').on(table.permission_id)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role_id: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.role_id] }), index('user_roles_role_idx').on(table.role_id)],
);

/** Permissions given to a user directly, beside those of the user's roles. */
export const userPermissions = pgTable(
  'user_permissions',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.user_id, table.permission_id] }), index('user_permissions_permission_idx').on(table.permission_id)],
);

/** A browser session: one opaque bearer token, stored as its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    user_agent: varchar('user_agent', { length: 512 }),
    ip: varchar('ip', { length: 64 }),
    last_active: at('last_active').notNull().defaultNow(),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    ...timestamps(),
  },
  (table) => [uniqueIndex('sessions_token_hash_unique').on(table.token_hash), index('sessions_user_idx').on(table.user_id)],
);

export const userSettings = pgTable(
  'user_settings',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 128 }).notNull(),
    value: jsonb('value').notNull(),
    ...timestamps(),
  },
  (table) => [uniqueIndex('user_settings_user_key_unique').on(table.user_id, table.key)],
);

/** Fixed-window counters shared by every API instance (login rate limit). */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 512 }).primaryKey(),
  hits: integer('hits').notNull(),
  reset_at: at('reset_at').notNull(),
});
