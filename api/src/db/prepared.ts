/**
 * Hot statements as named prepared statements: PostgreSQL parses and plans them once per connection instead of on every
 * call (for the affiliate API's small batches, planning cost more than running). A statement opts in by starting with
 * `preparedStatement('name')`; its text must then be the same on every call — lists travel as one array parameter
 * (db/sqlArrays.ts) — and node-postgres refuses a name reused for another text.
 */
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { wrapQueries } from './queryWrap.ts';

const marker = /^\/\* prepared:([a-z][a-z0-9_]*) \*\//;

/** The mark that makes a statement a named prepared statement; put it first. */
export const preparedStatement = (name: string): SQL => {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`not a statement name: ${name}`);
  return sql.raw(`/* prepared:${name} */ `);
};

/** A query config with the name its mark gives (unnamed and unmarked ones are left as they are). */
function named(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('text' in config) || typeof config.text !== 'string') return config;
  if ('name' in config && config.name !== undefined) return config;
  const match = marker.exec(config.text.trimStart());
  return match ? { ...config, name: match[1] } : config;
}

/** Makes a pool's connections run marked statements by name (on connect, before any query). */
export function nameMarkedStatements(pool: pg.Pool): void {
  wrapQueries(pool, (_client, config, run) => run(named(config)));
}
