import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** 'postgres' for a PostgreSQL server, 'pglite' for the embedded database. */
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
};

export type DatabaseOptions = {
  /** A PostgreSQL URL; absent → the embedded PGlite database. */
  url?: string | undefined;
  /** Where the embedded database keeps its files; absent → in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
};

// bigint counts (count(*)) come back as strings by default; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => value);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    pool.on('error', (error) => console.error('database pool error', error.message));
    return { db: drizzle(pool, { schema }), pool, kind: 'postgres', close: () => pool.end() };
  }
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  const embedded = await startEmbedded(options.dataDir ?? null).catch((error: unknown) => {
    releaseLock();
    throw error;
  });
  // PGlite is one session: a single connection keeps every transaction whole.
  const pool = new pg.Pool({ host: '127.0.0.1', port: embedded.port, user: 'postgres', database: 'postgres', max: 1 });
  pool.on('error', (error) => console.error('database pool error', error.message));
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'pglite',
    async close() {
      await pool.end();
      await embedded.stop();
      releaseLock();
    },
  };
}

type Embedded = { port: number; stop(): Promise<void> };

function startEmbedded(dataDir: string | null): Promise<Embedded> {
  // Running from TypeScript source (tsx), the worker registers the same loader first; a compiled build does not need it.
  const entry = new URL(import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);
  const bootstrap = entry.pathname.endsWith('.ts')
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`
    : `import(${JSON.stringify(entry.href)})`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { dataDir } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { type: string; port?: number }) => {
      if (message.type !== 'ready' || message.port === undefined) return;
      worker.off('error', reject);
      resolve({
        port: message.port,
        stop: () =>
          new Promise<void>((done) => {
            worker.once('message', () => void worker.terminate().then(() => done()));
            worker.postMessage({ type: 'stop' });
          }),
      });
    });
  });
}

/**
 * PGlite files must have one owner: two processes on one directory corrupt it. A lock file beside the
 * directory names the owning process; a stale one (its process gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = openSync(lockPath, 'wx');
      writeSync(handle, String(process.pid));
      closeSync(handle);
      const release = () => {
        process.off('exit', release);
        try {
          unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}. Stop that process first, or set DATABASE_URL.`);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
