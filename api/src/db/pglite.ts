/**
 * How the embedded PGlite database is opened: by the worker thread that serves it (pgliteWorker.ts) and by the child
 * process that creates a new data directory (embedded.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PGlite's shared buffers, which it allocates and touches when it starts: PostgreSQL's default of 128 MB made every
 * start resident at that much more, whatever the data's size. 32 MB takes ~100 MB off every start and off an import's
 * peak (`pnpm bench:import`: 836 MB at 128 MB, ~510 MB at 32 MB, with the new directory created in a child process) and
 * still holds 4,000 pages: at 300,000 leads the dashboard and the lead list read a few blocks per call past them. The
 * data files stay in the operating system's page cache, so such a read is a copy, not a disk read. PostgreSQL, the
 * production database, keeps its own settings.
 */
const settings = ['shared_buffers = 32MB'];

/**
 * Opens the database in `dataDir`, or in memory. An in-memory one starts from `template` when given, a data directory
 * `dumpNewPglite` wrote, instead of creating its own: initdb is most of the time a new database takes to open.
 */
export function openPglite(dataDir: string | null, template?: string): Promise<PGlite> {
  const loadDataDir = template === undefined ? {} : { loadDataDir: new Blob([readFileSync(template)]) };
  return PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm }, postgresqlconf: settings, ...loadDataDir });
}

/** Writes a new, empty data directory to `path` (an uncompressed tar), for `openPglite`'s template; whole or not at all. */
export async function dumpNewPglite(path: string): Promise<void> {
  const db = await openPglite(null);
  const dump = await db.dumpDataDir('none');
  await db.close();
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
}

/** Creates the data directory's database (initdb) and closes it: run by a child process that exits afterwards. */
export async function initializePglite(dataDir: string): Promise<void> {
  const db = await openPglite(dataDir);
  await db.close();
}
