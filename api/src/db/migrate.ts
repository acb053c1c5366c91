import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/** api/drizzle: two folders up from src/db/migrate.ts, one from a chunk of the build in dist/ (build.ts). */
export const migrationsFolder = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? '../../drizzle' : '../drizzle', import.meta.url));

export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/** True when every committed migration has been applied. */
export async function migrationsAreCurrent(db: Db): Promise<boolean> {
  const expected = readMigrationFiles({ migrationsFolder }).length;
  const result = await db.execute<{ applied: number }>(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`);
  return result.rows[0]?.applied === expected;
}
