/**
 * One measured run of `bench:import`, in its own process so its peak RSS is the import's alone:
 * `importRun.ts --file F --kind csv|xlsx (--url URL | --dir PGLITE_DIR) [--batch-rows B]`. It migrates and seeds a
 * fresh database, runs the whole import job on the file (`JobQueue.runAttempt`, as a worker does), then, in the same
 * run, the baseline: the same lead rows written plainly, COPY on PostgreSQL, `unnest` batches on PGlite, into a
 * table made `LIKE leads INCLUDING ALL` (same indexes, no foreign keys), then into `leads` itself (its foreign-key
 * checks too). Prints one `RESULT {json}` line.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { importFiles, jobs, statuses, users } from '../db/schema/index.ts';
import { setJobHeapGrowth } from '../modules/jobs/heap.ts';
import { JobQueue } from '../modules/jobs/queue.ts';
import { runLeadImport } from '../modules/leads/import/job.ts';
import { leadImportJobType } from '../modules/leads/import/schema.ts';
import { columnLiteral } from '../db/sqlArrays.ts';
import { seedReference } from '../seed/reference.ts';
import { benchColumns } from './importData.ts';
import { copyFrom, copyText } from './copy.ts';

export type RunResult = {
  rows: number;
  leads: number;
  jobMs: number;
  peakRssBytes: number;
  startRssBytes: number;
  baselineKind: 'COPY' | 'unnest';
  /** Into a copy of `leads` with its indexes but no foreign keys (as bench:seed's baseline). */
  baselineMs: number;
  /** Into `leads` itself: its foreign-key checks included, what any writer of these rows pays. */
  baselineIntoLeadsMs: number;
};

/** Peak resident memory while `work` runs, sampled every 50 ms. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const value = await work();
    return { value, peak: Math.max(peak, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

async function runJob(database: Database, file: string, kind: 'csv' | 'xlsx', batchRows: number): Promise<{ rows: number; leads: number; jobMs: number; peak: number }> {
  const { db } = database;
  const [admin] = await db.select({ id: users.id }).from(users).limit(1);
  const [status] = await db.select({ id: statuses.id }).from(statuses).where(eq(statuses.name, 'New'));
  if (!admin || !status) throw new Error('the reference seed is missing');
  const [upload] = await db
    .insert(importFiles)
    .values({ user_id: admin.id, file_name: `bench.${kind}`, kind, size: 0, path: file })
    .returning({ id: importFiles.id });
  const payload = {
    upload_id: upload!.id,
    options: { delimiter: ',', escape: '"', ignore_first_line: true },
    columns: benchColumns,
    fixed: { status_id: status.id },
    batch_size: batchRows,
  };
  const [job] = await db.insert(jobs).values({ user_id: admin.id, type: leadImportJobType, name: 'Benchmark import', payload }).returning({ id: jobs.id });
  // As in a process that works jobs (server.ts).
  setJobHeapGrowth();
  const queue = new JobQueue(database);
  queue.register(leadImportJobType, (context) => runLeadImport(context));

  const started = performance.now();
  const { peak } = await withPeakRss(() => queue.runAttempt(job!.id));
  const jobMs = performance.now() - started;
  const [done] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
  if (done?.status !== 'finished') throw new Error(`the import job ended ${done?.status}: ${done?.error}`);
  const report = done.result as { rows: number; valid: number };
  return { rows: report.rows, leads: report.valid, jobMs, peak };
}

type Column = { name: string; type: string };

async function leadColumns(database: Database): Promise<Column[]> {
  const result = await database.pool.query<Column>(`
    select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
     where attrelid = 'leads'::regclass and attnum > 0 and not attisdropped and attgenerated = '' and attname <> 'id'
     order by attnum`);
  return result.rows;
}

/** The imported leads as text, column by column: the baseline writes exactly these rows. */
async function importedRows(database: Database, columns: readonly Column[]): Promise<(string | null)[][]> {
  const result = await database.pool.query<(string | null)[]>({ text: `select ${columns.map((column) => `${column.name}::text`).join(', ')} from leads order by id`, rowMode: 'array' });
  return result.rows;
}

async function baselineCopy(database: Database, table: string, columns: readonly Column[], rows: readonly (string | null)[][]): Promise<number> {
  const chunks: Buffer[] = [];
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(row.map(copyText).join('\t'));
    if (lines.length >= 5_000) {
      chunks.push(Buffer.from(`${lines.join('\n')}\n`));
      lines = [];
    }
  }
  if (lines.length > 0) chunks.push(Buffer.from(`${lines.join('\n')}\n`));
  const client = await database.pool.connect();
  try {
    const started = performance.now();
    await copyFrom(client, `copy ${table} (${columns.map((column) => column.name).join(', ')}) from stdin`, chunks);
    return performance.now() - started;
  } finally {
    client.release();
  }
}

async function baselineUnnest(database: Database, table: string, columns: readonly Column[], rows: readonly (string | null)[][], batchRows: number): Promise<number> {
  const names = columns.map((column) => column.name).join(', ');
  const casts = columns.map((column) => `t.${column.name}::${column.type}`).join(', ');
  const text = `insert into ${table} (${names}) select ${casts} from unnest(${columns.map((_, index) => `$${index + 1}::text[]`).join(', ')}) as t(${names})`;
  const statements: string[][] = [];
  for (let start = 0; start < rows.length; start += batchRows) {
    const batch = rows.slice(start, start + batchRows);
    statements.push(columns.map((_, index) => columnLiteral(batch.map((row) => row[index] ?? null))));
  }
  const client = await database.pool.connect();
  try {
    const started = performance.now();
    for (const values of statements) await client.query(text, values);
    return performance.now() - started;
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { file: { type: 'string' }, kind: { type: 'string' }, url: { type: 'string' }, dir: { type: 'string' }, 'batch-rows': { type: 'string' } } });
  const kind = values.kind === 'xlsx' ? 'xlsx' : 'csv';
  if (!values.file || (!values.url && !values.dir)) throw new Error('usage: importRun.ts --file F --kind csv|xlsx (--url URL | --dir DIR) [--batch-rows B]');
  const batchRows = Number(values['batch-rows'] ?? 2_000);
  const database = await openDatabase(values.url ? { url: values.url, poolSize: 4 } : { dataDir: values.dir });
  try {
    await runMigrations(database.db);
    await seedReference(database.db, { adminEmail: 'bench@example.com', adminPassword: 'bench-import-password-1', demo: false });
    const startRssBytes = process.memoryUsage.rss();
    const job = await runJob(database, values.file, kind, batchRows);

    await database.pool.query('create table bench_import_baseline (like leads including all)');
    const columns = await leadColumns(database);
    const rows = await importedRows(database, columns);
    const baselineKind = database.kind === 'postgres' ? 'COPY' : 'unnest';
    const write = (table: string, data: readonly (string | null)[][]) =>
      baselineKind === 'COPY' ? baselineCopy(database, table, columns, data) : baselineUnnest(database, table, columns, data, batchRows);
    const baselineMs = await write('bench_import_baseline', rows);
    // The same rows again in `leads`: other public ids, and no import row (it is unique per job).
    const leadId = columns.findIndex((column) => column.name === 'lead_id');
    const importRow = columns.findIndex((column) => column.name === 'import_row');
    const again = rows.map((row) => row.map((value, index) => (index === leadId ? `B${value?.slice(1) ?? ''}` : index === importRow ? null : value)));
    const baselineIntoLeadsMs = await write('leads', again);
    const result: RunResult = { rows: job.rows, leads: job.leads, jobMs: job.jobMs, peakRssBytes: job.peak, startRssBytes, baselineKind, baselineMs, baselineIntoLeadsMs };
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await database.close();
  }
}

await main();
