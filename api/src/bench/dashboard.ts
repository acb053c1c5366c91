/**
 * `pnpm bench:dashboard [-- --leads N] [--only pglite|postgres] [--calls K]`: p50 / p95 / max of
 * `GET /api/dashboard/statistics` (through `app.inject`: authentication, validation, the queries and serialization)
 * at N demo leads (default 1,000,000), over a few time zones and end dates, beside a baseline measured in the same
 * run on the same database: an index-only `count(*)` of the leads created in the last fourteen days. Goal: p95 ≤ 50 ms
 * on PostgreSQL at a million leads.
 *
 * PGlite runs in a temporary directory; PostgreSQL (when DATABASE_URL is set) in a fresh `bench_dashboard_<time>`
 * database created through that URL and dropped afterwards. Each is seeded with `seedDemoData` (leads created over
 * 90 days, with their sends and FTDs), plus one failed lead per 20 leads over the same 90 days and one lead in 100
 * repeated with the same contact a few hours later, then vacuumed.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { SecretBox } from '../modules/sending/secrets.ts';
import { todayInZone } from '../modules/dashboard/window.ts';
import { seedReference } from '../seed/reference.ts';
import { seedDemoData } from '../seed/demo/index.ts';
import { wholeNumberOption } from '../seed/cliArgs.ts';
import { inTemporaryDirectory, inThrowawayPostgres, machineLine, withDatabase } from './throwaway.ts';
import { inProcessApp } from './inProcessApp.ts';
import { timed, type Timings } from './timing.ts';

type Target = 'pglite' | 'postgres';
type Result = { target: Target; leads: number; calls: number; api: Timings; baseline: Timings };

const usage = 'usage: bench:dashboard -- [--leads N (default 1000000)] [--only pglite|postgres] [--calls K (default 200)]';
const adminEmail = 'bench@example.com';
const adminPassword = 'bench-dashboard-password-1';
/** The bench databases are thrown away: any key seals their demo secrets. */
const secrets = new SecretBox(randomBytes(32));
const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];
/** End dates, in days before today: this week, last week, a month ago, near the start of the seeded 90 days. */
const daysBack = [0, 3, 30, 80];

const wholeNumber = (value: string | undefined, name: string, fallback: number): number => wholeNumberOption(value, { name, fallback, min: 1, usage });
const ms = (value: number): string => `${value.toFixed(1)} ms`;
const seconds = (value: number): string => `${(value / 1000).toFixed(1)} s`;

/** The i-th call's query: zones and end dates taken in turn, so the figures are not one cached answer. */
function queryOf(index: number): string {
  const zone = zones[index % zones.length] ?? 'UTC';
  const back = daysBack[Math.floor(index / zones.length) % daysBack.length] ?? 0;
  const params = new URLSearchParams({ time_zone: zone });
  if (back > 0) params.set('date', new Date(Date.parse(`${todayInZone(zone, new Date())}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10));
  return params.toString();
}

async function seed(database: Database, leads: number): Promise<void> {
  await runMigrations(database.db);
  await seedReference(database.db, { adminEmail, adminPassword, demo: true });
  const report = await seedDemoData(database, { leads, seed: 1, secrets, log: (line) => console.log(`  ${line}`) });
  console.log(`  seedDemoData: ${seconds(report.elapsedMs)} (${report.counts.lead_send_histories.toLocaleString('en')} send histories)`);
  // The demo seed writes no failed leads: one per 20 leads, spread over the same 90 days.
  await database.pool.query(
    `insert into failed_leads (raw, reason_code, message, created_at, updated_at)
     select jsonb_build_object('email', 'failed' || g || '@example.com'), (array['INVALID', 'DUPLICATE', 'BLACKLISTED'])[1 + g % 3],
            'Bench failed lead', at, at
       from generate_series(1, $1::int) as g, lateral (select now() - (g::int8 * 7919 % 7776000) * interval '1 second' as at) as t`,
    [Math.ceil(leads / 20)],
  );
  // One lead in 100 comes again 1 to 30 hours later with the same contact: repeats the unique-lead count must drop.
  const started = performance.now();
  const repeated = await database.pool.query(
    `insert into leads (lead_id, email, phone_normalized, country, source_id, status_id, original_status_id, created_at, updated_at)
     select 'R' || substring(lead_id from 2), email, phone_normalized, country, source_id, status_id, original_status_id, at, at
       from leads, lateral (select least(now(), created_at + (1 + id % 30) * interval '1 hour') as at) as t
      where id % 100 = 7`,
  );
  console.log(`  ${(repeated.rowCount ?? 0).toLocaleString('en')} repeated contacts inserted in one statement (with the repeat triggers): ${ms(performance.now() - started)}`);
  // A live database is kept vacuumed by autovacuum; a freshly seeded one is not yet, and its index-only scans would
  // visit the heap for every row until it is.
  await database.pool.query('VACUUM ANALYZE');
}

async function measure(target: Target, database: Database, leads: number, calls: number): Promise<Result> {
  const version = await database.pool.query<{ version: string }>('select version() as version');
  console.log(`\n== ${target}: ${version.rows[0]?.version ?? 'unknown version'}`);
  await seed(database, leads);
  const { app, token } = await inProcessApp(database, secrets, { email: adminEmail, password: adminPassword });
  try {
    const statistics = async (index: number) => {
      const response = await app.inject({ method: 'GET', url: `/api/dashboard/statistics?${queryOf(index)}`, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`statistics answered ${response.statusCode}: ${response.body}`);
    };
    const baselineQuery = async () => {
      await database.pool.query(`select count(*) from leads where created_at >= now() - interval '14 days'`);
    };
    const sample = await app.inject({ method: 'GET', url: `/api/dashboard/statistics?${queryOf(0)}`, headers: { authorization: `Bearer ${token}` } });
    const cards = (sample.json() as { data: { cards: { key: string; value: number }[]; departments: unknown[] } }).data;
    console.log(`  this week in UTC: ${cards.cards.map((card) => `${card.key} ${card.value.toLocaleString('en')}`).join(', ')}; ${cards.departments.length} departments`);
    // Warm-up: every zone and date once, so caches and the session lookup are as in a running console.
    await timed(zones.length * daysBack.length, statistics);
    await timed(20, baselineQuery);
    const api = await timed(calls, statistics);
    const baseline = await timed(calls, baselineQuery);
    return { target, leads, calls, api, baseline };
  } finally {
    await app.close();
  }
}

const onPglite = (leads: number, calls: number): Promise<Result> =>
  inTemporaryDirectory('bench-dashboard-pglite', (directory) => withDatabase({ dataDir: directory }, (database) => measure('pglite', database, leads, calls)));

const onPostgres = (adminUrl: string, leads: number, calls: number): Promise<Result> =>
  inThrowawayPostgres(adminUrl, 'bench_dashboard', (url) => withDatabase({ url }, (database) => measure('postgres', database, leads, calls)));

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { leads: { type: 'string' }, only: { type: 'string' }, calls: { type: 'string' } },
  });
  const leads = wholeNumber(values.leads, 'leads', 1_000_000);
  const calls = wholeNumber(values.calls, 'calls', 200);
  if (values.only !== undefined && values.only !== 'pglite' && values.only !== 'postgres') throw new Error(usage);
  const url = process.env.DATABASE_URL || undefined;

  console.log(machineLine());
  console.log(`leads: ${leads.toLocaleString('en')}, calls: ${calls} over ${zones.join(', ')} × end dates ${daysBack.map((back) => (back === 0 ? 'today' : `today−${back}`)).join(', ')}`);

  const results: Result[] = [];
  if (values.only !== 'postgres') results.push(await onPglite(leads, calls));
  if (values.only !== 'pglite') {
    if (url) results.push(await onPostgres(url, leads, calls));
    else console.log('\nPostgreSQL skipped: set DATABASE_URL to measure it too.');
  }

  console.log('\ndatabase   leads       calls  statistics p50 / p95 / max        baseline p50 / p95        p95 ÷ baseline p95  p95 ≤ 50 ms (the goal on PostgreSQL)');
  for (const result of results) {
    console.log(
      [
        result.target.padEnd(10),
        result.leads.toLocaleString('en').padEnd(11),
        String(result.calls).padEnd(6),
        `${ms(result.api.p50)} / ${ms(result.api.p95)} / ${ms(result.api.max)}`.padEnd(33),
        `${ms(result.baseline.p50)} / ${ms(result.baseline.p95)}`.padEnd(25),
        `${(result.api.p95 / result.baseline.p95).toFixed(2)}×`.padEnd(19),
        result.api.p95 <= 50 ? 'met' : 'missed',
      ].join(' '),
    );
  }
}

await main();
