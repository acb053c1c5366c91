import { bigint, integer, timestamp } from 'drizzle-orm/pg-core';

/** Shared column helpers: one id and timestamp style for every table. */
export const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const bigId = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const timestamps = () => ({ created_at: createdAt(), updated_at: updatedAt() });
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
