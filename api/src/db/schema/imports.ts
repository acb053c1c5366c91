import { bigint, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { importFileKinds } from '@crm/shared/contract';
import { createdAt } from './columns.ts';
import { users } from './auth.ts';

/**
 * A file uploaded for a lead import, kept on disk under `DATA_DIR/imports` until it is cleaned up.
 * Only its owner may dry-run or import it; the id is a UUID so one user cannot guess another's upload.
 */
export const importFiles = pgTable(
  'import_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 8, enum: importFileKinds }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Absolute path of the stored file (the job reads it; a worker process needs the same DATA_DIR). */
    path: text('path').notNull(),
    created_at: createdAt(),
  },
  (table) => [index('import_files_created_idx').on(table.created_at)],
);
