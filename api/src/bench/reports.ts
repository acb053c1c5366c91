/**
 * `pnpm bench:reports [-- --leads N] [--calls K] [--plain-calls P]`: p50 / p95 / max of `GET /api/reports` (through
 * `app.inject`: authentication, validation, the rollups, labels and serialization) at N demo leads (default
 * 1,000,000) with their histories on PostgreSQL, beside the same reports computed by a plain GROUP BY over the base
 * tables (plainQuery.ts) in the same run: 30 days by affiliate company × country, 90 days by department × day and 7
 * days by hour, in Europe/Berlin (so ranges do not start on a UTC midnight). Goals: p95 ≤ 300 ms and ≥ 10× faster than
 * the plain GROUP BY. Every case's two answers are compared first: the bench refuses to time a wrong report.
 *
 * PostgreSQL only (DATABASE_URL): a fresh `bench_reports_<time>` database created through that URL and dropped
 * afterwards, seeded with `seedDemoData` (leads over 90 days, their sends and FTDs) and one refusal per 20 leads, the
 * rollups kept by their triggers during the seed and folded once before timing, as a worker keeps them.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { reportQuery, type ReportQuery } from '@crm/shared/contract';
import type { Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { todayInZone } from '../modules/dashboard/window.ts';
import { foldReportDeltas } from '../modules/reports/fold.ts';
import { plainReportCounts } from '../modules/reports/plainQuery.ts';
import { buildReport } from '../modules/reports/service.ts';
import { SecretBox } from '../modules/sending/secrets.ts';
import { wholeNumberOption } from '../seed/cliArgs.ts';
import { seedDemoData } from '../seed/demo/index.ts';
import { seedReference } from '../seed/reference.ts';
import { inProcessApp } from './inProcessApp.ts';
import { inThrowawayPostgres, machineLine, withDatabase } from './throwaway.ts';
import { timed, type Timings } from './timing.ts';

const usage = 'usage: bench:reports -- [--leads N (default 1000000)] [--calls K (default 40)] [--plain-calls P (default 5)]';
const admin = { email: 'bench@example.com', password: 'bench-reports-password-1' };
const secrets = new SecretBox(randomBytes(32));
const zone = 'Europe/Berlin';
const dayMs = 86_400_000;

const wholeNumber = (value: string | undefined, name: string, fallback: number): number => wholeNumberOption(value, { name, fallback, min: 1, usage });
const ms = (value: number): string => `${value.toFixed(1)} ms`;
const seconds = (value: number): string => `${(value / 1000).toFixed(1)} s`;

/** The last `days` local days up to today, grouped by `groupBy`. */
function caseOf(days: number, groupBy: string): { name: string; query: ReportQuery; url: string } {
  const today = todayInZone(zone, new Date());
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * dayMs).toISOString().slice(0, 10);
  const params = new URLSearchParams({ from, to: today, time_zone: zone, group_by: groupBy });
  return { name: `${days} days by ${groupBy.replace(',', ' × ')}`, query: reportQuery.parse(Object.fromEntries(params)), url: `/api/reports?${params.toString()}` };
}

const cases = [caseOf(30, 'affiliate_company,country'), caseOf(90, 'department,day'), caseOf(7, 'hour')];

async function seed(database: Database, leads: number): Promise<void> {
  await runMigrations(database.db);
  await seedReference(database.db, { adminEmail: admin.email, adminPassword: admin.password, demo: true });
  const report = await seedDemoData(database, { leads, seed: 1, secrets, log: (line) => console.log(`  ${line}`) });
  console.log(`  seedDemoData (with the rollup triggers): ${seconds(report.elapsedMs)} (${report.counts.lead_send_histories.toLocaleString('en')} send histories)`);
  await database.pool.query(
    `insert into failed_leads (raw, reason_code, message, created_at, updated_at)
     select jsonb_build_object('country', (array['DE', 'AT', 'FR'])[1 + g % 3]), (array['INVALID', 'DUPLICATE', 'BLACKLISTED'])[1 + g % 3],
            'Bench failed lead', at, at
       from generate_series(1, $1::int) as g, lateral (select now() - (g::int8 * 7919 % 7776000) * interval '1 second' as at) as t`,
    [Math.ceil(leads / 20)],
  );
  const foldStarted = performance.now();
  const folded = await foldReportDeltas(database.db);
  const { rows } = await database.pool.query<{ rollups: number }>('select count(*)::int as rollups from report_rollups');
  console.log(`  first fold: ${folded.toLocaleString('en')} deltas into ${(rows[0]?.rollups ?? 0).toLocaleString('en')} rollup rows in ${seconds(performance.now() - foldStarted)}`);
  await database.pool.query('VACUUM ANALYZE');
}

type CaseResult = { name: string; groups: number; api: Timings; plain: Timings };

async function measure(database: Database, leads: number, calls: number, plainCalls: number): Promise<CaseResult[]> {
  const version = await database.pool.query<{ version: string }>('select version() as version');
  console.log(`\n== postgres: ${version.rows[0]?.version ?? 'unknown version'}`);
  await seed(database, leads);
  const { app, token } = await inProcessApp(database, secrets, admin);
  const results: CaseResult[] = [];
  try {
    for (const { name, query, url } of cases) {
      const viaApi = async () => {
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        return (response.json() as { data: unknown }).data;
      };
      const plain = () => buildReport(database.db, query, plainReportCounts);
      const [fromRollups, fromPlain] = [await viaApi(), JSON.parse(JSON.stringify(await plain())) as unknown];
      if (!isDeepStrictEqual(fromRollups, fromPlain)) throw new Error(`${name}: the rollups' report differs from the plain GROUP BY's`);
      const groups = (fromPlain as { rows: unknown[] }).rows.length;
      await timed(3, async () => void (await viaApi()));
      const api = await timed(calls, async () => void (await viaApi()));
      const plainTimings = await timed(plainCalls, async () => void (await plain()));
      console.log(`  ${name}: ${groups} groups; API ${ms(api.p50)} / ${ms(api.p95)}, plain ${ms(plainTimings.p50)} / ${ms(plainTimings.p95)}`);
      results.push({ name, groups, api, plain: plainTimings });
    }
  } finally {
    await app.close();
  }
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { leads: { type: 'string' }, calls: { type: 'string' }, 'plain-calls': { type: 'string' } },
  });
  const leads = wholeNumber(values.leads, 'leads', 1_000_000);
  const calls = wholeNumber(values.calls, 'calls', 40);
  const plainCalls = wholeNumber(values['plain-calls'], 'plain-calls', 5);
  const url = process.env.DATABASE_URL || undefined;
  if (!url) throw new Error(`bench:reports runs on PostgreSQL: set DATABASE_URL. ${usage}`);

  console.log(machineLine());
  console.log(`leads: ${leads.toLocaleString('en')}, ${calls} API calls and ${plainCalls} plain GROUP BYs per case, zone ${zone}`);
  const results = await inThrowawayPostgres(url, 'bench_reports', (databaseUrl) => withDatabase({ url: databaseUrl }, (database) => measure(database, leads, calls, plainCalls)));

  console.log('\ncase                                   groups  API (rollups) p50 / p95 / max      plain GROUP BY p50 / p95     plain ÷ API at p95  goals (p95 ≤ 300 ms, ≥ 10×)');
  for (const result of results) {
    const ratio = result.plain.p95 / result.api.p95;
    console.log(
      [
        result.name.padEnd(38),
        String(result.groups).padEnd(7),
        `${ms(result.api.p50)} / ${ms(result.api.p95)} / ${ms(result.api.max)}`.padEnd(34),
        `${ms(result.plain.p50)} / ${ms(result.plain.p95)}`.padEnd(28),
        `${ratio.toFixed(1)}×`.padEnd(19),
        result.api.p95 <= 300 && ratio >= 10 ? 'met' : 'missed',
      ].join(' '),
    );
  }
}

await main();
