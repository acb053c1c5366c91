import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { sessions } from './auth.ts';

/**
 * The outbox of live updates (DESIGN §6, modules/events): a writer inserts a row in the transaction of its change, the
 * insert notifies every API process (migration 0027), and each sends the row to its open streams. Rows carry ids and
 * small counters, never data, and are kept minutes, for a stream that resumes (`Last-Event-ID`).
 *
 * A row is for one user (`user_id`), for whoever holds a permission (`permission`, `user_id` null: a broadcast), or
 * for one user holding a permission (both): never for everybody. No foreign key on the user: a row lives minutes, and
 * an insert should not lock the user's row.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    kind: varchar('kind', { length: 32 }).notNull(),
    user_id: integer('user_id'),
    permission: varchar('permission', { length: 255 }),
    payload: jsonb('payload').notNull(),
    created_at: createdAt(),
  },
  (table) => [index('events_created_idx').on(table.created_at), check('events_receiver_check', sql`${table.user_id} is not null or ${table.permission} is not null`)],
);

/**
 * A browser's EventSource cannot send the bearer header: it opens `GET /api/events?ticket=` with a ticket made for its
 * session a moment before. Stored as its SHA-256 like the tokens, valid a minute, deleted by the one request it opens.
 */
export const eventTickets = pgTable(
  'event_tickets',
  {
    id: id(),
    token_hash: varchar('token_hash', { length: 64 }).notNull(),
    session_id: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expires_at: at('expires_at').notNull(),
    created_at: createdAt(),
  },
  (table) => [uniqueIndex('event_tickets_token_hash_unique').on(table.token_hash), index('event_tickets_expires_idx').on(table.expires_at)],
);
