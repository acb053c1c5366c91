/**
 * `pnpm bench:seed [-- --leads N] [--only pglite|postgres] [--batch-size B]`: how fast `seedDemoData` writes N demo
 * leads with their histories, beside a baseline measured in the same run on the same database: a plain `unnest`
 * insert of as many pre-generated lead rows (same columns) into a copy of `leads` made `LIKE leads INCLUDING ALL`,
 * so it carries the same indexes (but no foreign keys and no histories).
 *
 * PGlite runs in a temporary directory; PostgreSQL (when DATABASE_URL is set) in a fresh `bench_seed_<timestamp>`
 * database created through that URL and dropped afterwards. Each database is migrated and given a few statuses and
 * countries first.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { createDemoLeadGenerator, leadInsertStatement, seedDemoData } from '../seed/demo/index.ts';
import { wholeNumberOption } from '../seed/cliArgs.ts';
import { SecretBox } from '../modules/sending/secrets.ts';
import { inTemporaryDirectory, inThrowawayPostgres, machineLine, withDatabase } from './throwaway.ts';

type Target = 'pglite' | 'postgres';
type Result = { target: Target; leads: number; seedMs: number; seedRows: number; generateMs: number; baselineMs: number };

const usage = 'usage: bench:seed -- [--leads N (default 1000000)] [--only pglite|postgres] [--batch-size B]';

const wholeNumber = (value: string | undefined, name: string, fallback: number): number => wholeNumberOption(value, { name, fallback, min: 1, usage });

const perSecond = (rows: number, ms: number): string => Math.round((rows * 1000) / ms).toLocaleString('en');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
/** The bench databases are thrown away: any key seals their demo secrets. */
const secrets = new SecretBox(randomBytes(32));

/** A few statuses and countries: what the demo leads point to, without depending on the full reference seed. */
async function seedMinimalReference(database: Database): Promise<void> {
  await database.pool.query(`
    insert into statuses (name, class) values
      ('New', 'lead'), ('Call back', 'lead'), ('No answer', 'lead'), ('Not interested', 'lead'), ('Deposit', 'lead'),
      ('Valid', 'email'), ('Bounced', 'email'), ('Reachable', 'phone'), ('Wrong number', 'phone')
    on conflict do nothing`);
  await database.pool.query(`
    insert into countries (name, country_code, iso_3166_2, iso_3166_3, calling_code, flag) values
      ('United States', '840', 'US', 'USA', '1', '🇺🇸'), ('United Kingdom', '826', 'GB', 'GBR', '44', '🇬🇧'),
      ('Germany', '276', 'DE', 'DEU', '49', '🇩🇪'), ('France', '250', 'FR', 'FRA', '33', '🇫🇷'),
      ('Spain', '724', 'ES', 'ESP', '34', '🇪🇸'), ('Italy', '380', 'IT', 'ITA', '39', '🇮🇹'),
      ('Brazil', '076', 'BR', 'BRA', '55', '🇧🇷'), ('India', '356', 'IN', 'IND', '91', '🇮🇳')
    on conflict do nothing`);
}

async function measure(target: Target, database: Database, leads: number, batchSize: number): Promise<Result> {
  const version = await database.pool.query<{ version: string }>('select version() as version');
  console.log(`\n== ${target}: ${version.rows[0]?.version ?? 'unknown version'}`);
  await runMigrations(database.db);
  await seedMinimalReference(database);

  const report = await seedDemoData(database, { leads, seed: 1, batchSize, secrets, log: (line) => console.log(`  ${line}`) });
  const seedRows = Object.values(report.counts).reduce((sum, rows) => sum + rows, 0);
  console.log(
    `  seedDemoData: ${seconds(report.elapsedMs)}, ${perSecond(leads, report.elapsedMs)} leads/s, ${perSecond(seedRows, report.elapsedMs)} rows/s (${seedRows.toLocaleString('en')} rows with histories and tags)`,
  );

  // The baseline's rows are generated and serialized before the clock starts: it measures the database alone.
  await database.pool.query('create table bench_leads_baseline (like leads including all)');
  const generator = await createDemoLeadGenerator(database, 2, secrets);
  const generateStarted = performance.now();
  const statements: { text: string; values: string[] }[] = [];
  for (let left = leads; left > 0; left -= batchSize) statements.push(leadInsertStatement('bench_leads_baseline', generator.nextBatch(Math.min(batchSize, left))));
  const generateMs = performance.now() - generateStarted;
  console.log(`  generating ${leads.toLocaleString('en')} lead rows in JS: ${seconds(generateMs)}`);

  const client = await database.pool.connect();
  const baselineStarted = performance.now();
  try {
    for (const statement of statements) await client.query(statement.text, statement.values);
  } finally {
    client.release();
  }
  const baselineMs = performance.now() - baselineStarted;
  console.log(`  baseline unnest insert: ${seconds(baselineMs)}, ${perSecond(leads, baselineMs)} leads/s`);
  return { target, leads, seedMs: report.elapsedMs, seedRows, generateMs, baselineMs };
}

const onPglite = (leads: number, batchSize: number): Promise<Result> =>
  inTemporaryDirectory('bench-seed-pglite', (directory) => withDatabase({ dataDir: directory }, (database) => measure('pglite', database, leads, batchSize)));

const onPostgres = (adminUrl: string, leads: number, batchSize: number): Promise<Result> =>
  inThrowawayPostgres(adminUrl, 'bench_seed', (url) => withDatabase({ url }, (database) => measure('postgres', database, leads, batchSize)));

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { leads: { type: 'string' }, only: { type: 'string' }, 'batch-size': { type: 'string' } },
  });
  const leads = wholeNumber(values.leads, 'leads', 1_000_000);
  const batchSize = wholeNumber(values['batch-size'], 'batch-size', 10_000);
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') throw new Error(usage);
  const url = process.env.DATABASE_URL || undefined;

  console.log(machineLine());
  console.log(`leads: ${leads.toLocaleString('en')}, batch size ${batchSize.toLocaleString('en')}`);

  const results: Result[] = [];
  if (values.only !== 'postgres') results.push(await onPglite(leads, batchSize));
  if (values.only !== 'pglite') {
    if (url) results.push(await onPostgres(url, leads, batchSize));
    else console.log('\nPostgreSQL skipped: set DATABASE_URL to measure it too.');
  }

  console.log('\ndatabase   leads       seed (with histories)         baseline unnest          seed/baseline');
  for (const result of results) {
    console.log(
      [
        result.target.padEnd(10),
        result.leads.toLocaleString('en').padEnd(11),
        `${seconds(result.seedMs)} = ${perSecond(result.leads, result.seedMs)} leads/s`.padEnd(29),
        `${seconds(result.baselineMs)} = ${perSecond(result.leads, result.baselineMs)} leads/s`.padEnd(24),
        `${(result.seedMs / result.baselineMs).toFixed(2)}×`,
      ].join(' '),
    );
  }
}

await main();
