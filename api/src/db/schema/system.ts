import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, id, timestamps } from './columns.ts';
import { users } from './auth.ts';

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    status: varchar('status', { length: 16, enum: ['pending', 'running', 'finished', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    payload: jsonb('payload').notNull().default({}),
    result: jsonb('result'),
    error: text('error'),
    total: integer('total').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    started_at: at('started_at'),
    /** Set by the worker running the attempt every few seconds: a running job whose heartbeat is stale lost its worker. */
    heartbeat_at: at('heartbeat_at'),
    cancelled_at: at('cancelled_at'),
    finished_at: at('finished_at'),
    ...timestamps(),
  },
  (table) => [index('jobs_user_created_idx').on(table.user_id, table.created_at), index('jobs_status_idx').on(table.status)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 16, enum: ['success', 'failure', 'error', 'warning'] }).notNull(),
    title: varchar('title', { length: 255 }).notNull(),
    message: text('message').notNull(),
    job_id: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    read_at: at('read_at'),
    ...timestamps(),
  },
  (table) => [index('notifications_user_read_idx').on(table.user_id, table.read_at, table.updated_at)],
);

/** Inbound and outbound HTTP requests (settings › requests), kept for a configured number of days. */
export const requestLogs = pgTable(
  'request_logs',
  {
    id: id(),
    direction: varchar('direction', { length: 8, enum: ['inbound', 'outbound'] }).notNull(),
    send_integration_id: integer('send_integration_id'),
    lead_id: integer('lead_id'),
    method: varchar('method', { length: 10 }).notNull(),
    url: text('url').notNull(),
    request_headers: jsonb('request_headers'),
    request_body: text('request_body'),
    status: integer('status'),
    response_body: text('response_body'),
    duration_ms: integer('duration_ms'),
    ...timestamps(),
  },
  (table) => [
    index('request_logs_created_idx').on(table.created_at),
    index('request_logs_integration_idx').on(table.send_integration_id, table.created_at),
    // A lead's calls: the shave watch's evidence (modules/reports/shaveEvidence.ts) reads them per cohort lead.
    index('request_logs_lead_idx')
      .on(table.lead_id, table.created_at)
      .where(sql`${table.lead_id} is not null`),
  ],
);
