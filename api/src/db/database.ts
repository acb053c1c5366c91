import pg from 'pg';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { lockDataDir, startEmbedded } from './embedded.ts';
import { warnOnLongHolds } from './holdWatch.ts';
import { nameMarkedStatements } from './prepared.ts';
import { poolListener, serverListener, type Listen } from './listen.ts';

type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** The database or a transaction on it: what a query that may run inside a transaction takes. */
export type Executor = PgDatabase<NodePgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** 'postgres' for a PostgreSQL server, 'pglite' for the embedded database. */
  kind: 'postgres' | 'pglite';
  /** Subscribes to a channel's notifications (db/listen.ts). */
  listen: Listen;
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** A PostgreSQL URL; absent → the embedded PGlite database. */
  url?: string | undefined;
  /** Where the embedded database keeps its files; absent → in memory. */
  dataDir?: string | undefined;
  /** In memory: start from this dump of a new data directory (`dumpNewPglite`) instead of creating one (the tests). */
  template?: string | undefined;
  poolSize?: number;
  /** Warn when a connection is held longer than this (db/holdWatch.ts); absent or 0: never. */
  holdWarnMs?: number | undefined;
};

// bigint counts (count(*)) come back as strings by default; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

/** A pool's errors logged (an idle client's would crash the process) and its marked statements named (db/prepared.ts). */
function watched(pool: pg.Pool, holdWarnMs = 0): pg.Pool {
  pool.on('error', (error) => console.error('database pool error', error.message));
  nameMarkedStatements(pool);
  warnOnLongHolds(pool, holdWarnMs);
  return pool;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    // Prepared statements (db/prepared.ts) keep one generic plan: PostgreSQL would otherwise plan them again on every call
    // while their array parameters' sizes vary, which is what preparing them was to spare.
    const pool = watched(new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c plan_cache_mode=force_generic_plan' }), options.holdWarnMs);
    const listener = serverListener(options.url);
    return {
      db: drizzle(pool, { schema }),
      pool,
      kind: 'postgres',
      listen: listener.listen,
      async close() {
        await listener.close();
        await pool.end();
      },
    };
  }
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  const embedded = await startEmbedded(options.dataDir ?? null, options.template).catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  // PGlite is one session: a single connection keeps every transaction whole (and listens: db/listen.ts).
  const pool = watched(new pg.Pool({ host: '127.0.0.1', port: embedded.port, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 }), options.holdWarnMs);
  const listener = poolListener(pool);
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'pglite',
    listen: listener.listen,
    async close() {
      await pool.end();
      await embedded.stop();
      releaseLock();
    },
  };
}
