/** Where the benchmarks run: a PGlite directory or a PostgreSQL database made for one run and removed after it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseOptions } from '../db/database.ts';

/** The machine a benchmark ran on, printed first so its figures can be compared. */
export function machineLine(): string {
  const cpu = cpus();
  return `machine: ${cpu[0]?.model ?? 'unknown cpu'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, node ${process.version}, ${process.platform}/${process.arch}`;
}

/** Runs `work` in a new temporary directory named `<prefix>-…`, removed afterwards. */
export async function inTemporaryDirectory<T>(prefix: string, work: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), `${prefix}-`));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Runs `work` on a new database `<prefix>_<time>` created through `adminUrl` (given its URL), dropped afterwards. */
export async function inThrowawayPostgres<T>(adminUrl: string, prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return await work(url.toString());
    } finally {
      // A closed pool's sockets close a moment later: wait for them, so forcing only ends what a failed run left open.
      for (let attempt = 0; attempt < 50; attempt++) {
        const open = await admin.query('select 1 from pg_stat_activity where datname = $1', [name]);
        if (open.rowCount === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/** Opens the database, runs `work` on it and closes it. */
export async function withDatabase<T>(options: DatabaseOptions, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(options);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
