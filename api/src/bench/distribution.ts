/**
 * `DATABASE_URL=postgres://… pnpm bench:distribution [-- --leads N (20000)] [--clients C (50)] [--concurrency K (2)] [--rate R (40)]`:
 * automatic distribution on PostgreSQL as deployed — two API processes (web role) and two workers on one database
 * (`bench_distribution_<time>`, dropped afterwards), ten departments on fake brokers in a process of their own
 * (distributionSetup.ts, brokerHost.ts), N leads (90 % DE, 5 % AT, 5 % FR) posted through `POST /api/v1/leads` by C
 * clients. Mid-run one department is closed for the day and one worker is killed (SIGKILL; its leads are taken again
 * after the lease, DISTRIBUTION_LEASE_SECONDS=20).
 * Printed: accepted → first broker call p50 / p95 (the broker's latency excluded), delivered leads/s beside the bound
 * (the sum of the integrations' concurrency ÷ the broker latency), cap overshoot, leads sent twice to one department,
 * leads lost, unassigned by reason against what the configuration implies. Phase 2 offers leads at R/s (an open loop,
 * below what the workers keep up with) for the latency when nothing queues. Goals: ≤ 250 ms p95 to the first call; ≥ 85 % of the bound.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../db/database.ts';
import * as tables from '../db/schema/index.ts';
import { columnLiteral } from '../db/sqlArrays.ts';
import { createKey } from '../modules/affiliates/keys.ts';
import { wholeNumberOption } from '../seed/cliArgs.ts';
import { startApi, type ApiProcess } from './apiProcess.ts';
import { CpuMeter } from './cpu.ts';
import type { BrokerRecord } from './brokerHost.ts';
import { brokerLatencyMs, caps, closeForToday, openCapacity, setUpConsole, type Console } from './distributionSetup.ts';
import { countBy, percentile, postAll, postAtRate, type CallResult } from './intakeLoad.ts';
import { inThrowawayPostgres, machineLine } from './throwaway.ts';

const usage = 'usage: DATABASE_URL=postgres://… pnpm bench:distribution -- [--leads N (20000)] [--clients C (50)] [--concurrency K (2)] [--rate R (40)]';
const leaseSeconds = 20;

type Body = Record<string, string>;
function bodies(total: number, tag: string, phoneBase: number): Body[] {
  return Array.from({ length: total }, (_, index) => {
    const slot = index % 20;
    const country = slot === 0 ? 'FR' : slot === 1 ? 'AT' : 'DE';
    // Valid mobile ranges of each country, with room for 10⁷ leads.
    const phone =
      country === 'FR'
        ? `+336${String(phoneBase + index).padStart(8, '0')}`
        : country === 'AT'
          ? `+43655${String(phoneBase + index).padStart(7, '0')}`
          : `+49155${String(phoneBase + index).padStart(8, '0')}`;
    return { first_name: `Bench${index}`, last_name: 'Routed', email: `${tag}-${index}@bench.example`, phone, country };
  });
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** A broker's time (epoch ms) on this process's `performance.now()` clock. */
const here = (epochMs: number): number => epochMs - performance.timeOrigin;

/** Accepted (client-side 201 time) → first post at any broker, per lead; the broker's latency is after the arrival. */
function firstCallLatencies(records: readonly BrokerRecord[], sent: readonly Body[], results: readonly CallResult[]): number[] {
  const latencies: number[] = [];
  sent.forEach((body, index) => {
    if (results[index]?.status !== 201 || body['country'] === 'FR') return;
    const arrivals = records.flatMap((record) => {
      const at = record.firstArrivals.get(body['email'] ?? '');
      return at === undefined ? [] : [here(at)];
    });
    const accepted = results[index]?.at;
    if (arrivals.length > 0 && accepted !== undefined) latencies.push(Math.max(0, Math.min(...arrivals) - accepted));
  });
  return latencies.sort((a, b) => a - b);
}

/** First posts of a lead at each broker, counted per 2 s from the start: where the run lost pace (the intake, the kill). */
function callsPerTwoSeconds(records: readonly BrokerRecord[], started: number): number[] {
  const counts: number[] = [];
  for (const record of records) {
    for (const at of record.firstArrivals.values()) {
      const slot = Math.floor((here(at) - started) / 2000);
      counts[slot] = (counts[slot] ?? 0) + 1;
    }
  }
  return Array.from(counts, (count) => count ?? 0);
}

async function waitUntilSettled(db: Db, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [open] = await rows<{ n: number }>(db, sql`select count(*)::int as n from lead_distributions where state = 'pending'`);
    if ((open?.n ?? 0) === 0 || Date.now() > deadline) return open?.n ?? 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function run(url: string, leads: number, clients: number, concurrency: number, rate: number): Promise<void> {
  process.env['DISTRIBUTION_LEASE_SECONDS'] = String(leaseSeconds);
  const first = await startApi(url);
  const processes: ApiProcess[] = [first, await startApi(url, { build: false })];
  const workers = [await startApi(url, { role: 'worker', build: false }), await startApi(url, { role: 'worker', build: false })];
  const database = await openDatabase({ url, poolSize: 2 });
  const db = database.db;
  const console_ = await setUpConsole(first.address, concurrency);
  try {
    const [company] = await db.insert(tables.affiliateCompanies).values({ name: 'Bench Affiliates' }).returning();
    const [source] = await db
      .insert(tables.sources)
      .values({ name: 'Bench source', affiliate_company_id: company?.id ?? 0 })
      .returning();
    const key = (await createKey(db, company?.id ?? 0, { name: 'Bench', source_id: source?.id ?? 0, rate_limit_per_minute: 100_000 })).key;
    const bases = processes.map((api) => `${api.address}/api/v1`);
    const bound = (console_.desks.reduce((sum, desk) => sum + desk.concurrency, 0) * 1000) / brokerLatencyMs;
    const options = { bases, path: '/leads', concurrency: clients, headers: () => ({ 'x-api-key': key }) };

    console.log(`\n== phase 1: ${leads} leads (90 % DE, 5 % AT, 5 % FR), ${clients} clients → 2 API processes; 2 workers; bound ${bound.toFixed(0)} deliveries/s`);
    const sent = bodies(leads, 'd1', 0);
    const pids = (children: readonly ApiProcess[]) => children.map((child) => child.process.pid ?? 0);
    const cpu = new CpuMeter(
      new Map([
        ['API processes (intake)', pids(processes)],
        ['workers', pids(workers)],
        ['fake brokers', [console_.brokers.pid]],
      ]),
    );
    cpu.begin();
    const started = performance.now();
    let closedAt: number | null = null;
    let killed = false;
    let loadDone = false;
    const load = postAll(sent, options).finally(() => (loadDone = true));
    // Mid-run: the fourth department closes for the day; a worker dies.
    const watcher = (async () => {
      for (;;) {
        const [done] = await rows<{ n: number }>(db, sql`select count(*)::int as n from lead_distributions where state <> 'pending'`);
        const settled = done?.n ?? 0;
        if (closedAt === null && settled >= leads * 0.3) {
          const desk = console_.desks[3];
          if (desk) await closeForToday(console_, desk);
          // The hours are saved once the call answers; the database shares this machine's clock.
          closedAt = Date.now();
        }
        if (!killed && settled >= leads * 0.5) {
          cpu.freeze(workers[1]?.process.pid ?? 0);
          workers[1]?.process.kill('SIGKILL');
          killed = true;
          console.log(
            `  (a worker killed with SIGKILL at ${((performance.now() - started) / 1000).toFixed(0)} s, ${settled} leads settled; #4 closed at ${closedAt === null ? '-' : 'an earlier 30 %'})`,
          );
        }
        // On a fast machine the intake ends first: the close and the kill still come at their share of the leads settled.
        if (killed || (loadDone && settled >= leads)) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const intake = await load;
    const intakeEnded = Date.now();
    const intakeMs = performance.now() - started;
    await watcher;
    const left = await waitUntilSettled(db, 20 * 60_000);
    const records = await console_.brokers.record();
    const [third] = await rows<{ used: number }>(
      db,
      sql`select coalesce(sum(used), 0)::int as used from department_cap_counters where department_id = ${console_.desks[2]?.id ?? 0} and period = 'day'`,
    );
    const events = { closedAt, thirdFull: (third?.used ?? 0) >= caps.dayOfThird };
    const [span] = await rows<{ first: number; last: number; delivered: number }>(
      db,
      sql`select extract(epoch from min(created_at))::float8 * 1000 as first, extract(epoch from max(updated_at))::float8 * 1000 as last, count(*)::int as delivered
            from lead_send_histories where state = 'success'`,
    );
    const accepted = intake.results.filter((result) => result.status === 201).length;
    console.log(`  intake: ${accepted} of ${leads} accepted in ${(intakeMs / 1000).toFixed(1)} s; answers ${JSON.stringify(countBy(intake.results, (result) => String(result.status)))}`);
    const latencies = firstCallLatencies(records, sent, intake.results);
    console.log(
      `  accepted → first broker call (closed loop, queue included): p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${percentile(latencies, 0.95).toFixed(0)} ms over ${latencies.length} leads`,
    );
    const deliveredPerSecond = span ? (span.delivered * 1000) / Math.max(1, span.last - span.first) : 0;
    console.log(
      `  delivered ${span?.delivered ?? 0} at ${deliveredPerSecond.toFixed(0)}/s = ${((deliveredPerSecond / bound) * 100).toFixed(1)} % of the bound ${bound.toFixed(0)}/s (goal ≥ 85 %)`,
    );
    const openRate = span ? openCapacity(console_, records, { from: span.first, to: span.last }, events) : 0;
    console.log(
      `  the departments able to take leads allowed ${openRate.toFixed(0)}/s over that time: delivered = ${((deliveredPerSecond / Math.max(1, openRate)) * 100).toFixed(1)} % of it (the goal as read: ≥ 85 %)`,
    );
    // The backlog the intake left, delivered with nothing else running (one worker left, #4 closed): the engine alone.
    const [drain] = await rows<{ last: number; delivered: number }>(
      db,
      sql`select extract(epoch from max(updated_at))::float8 * 1000 as last, count(*)::int as delivered
            from lead_send_histories where state = 'success' and updated_at > to_timestamp(${intakeEnded / 1000})`,
    );
    const drainPerSecond = drain && drain.delivered > 0 ? (drain.delivered * 1000) / Math.max(1, drain.last - intakeEnded) : 0;
    const drainOpen = drain && drain.delivered > 0 ? openCapacity(console_, records, { from: intakeEnded, to: drain.last }, events) : 0;
    console.log(
      `  after the intake ended: ${drain?.delivered ?? 0} delivered at ${drainPerSecond.toFixed(0)}/s = ${((drainPerSecond / bound) * 100).toFixed(1)} % of the bound, ${((drainPerSecond / Math.max(1, drainOpen)) * 100).toFixed(1)} % of the ${drainOpen.toFixed(0)}/s open`,
    );
    // On 2 cores every process shares the machine: what each role costs per delivered lead says what the bound needs.
    console.log(`  ${cpu.report(span?.delivered ?? 0, 'delivered lead')}`);
    await report(db, console_, records, sent, intake.results, { closedAt, thirdUsed: third?.used ?? 0 }, left);
    console.log(`  calls at the brokers per 2 s (the intake ended at ${(intakeMs / 1000).toFixed(0)} s): ${callsPerTwoSeconds(records, started).join(' ')}`);

    const paced = bodies(Math.max(200, Math.floor(leads / 20)), 'd2', 5_000_000);
    console.log(`\n== phase 2: open loop, ${paced.length} leads offered at ${rate}/s (below what the workers keep up with), 1 worker left`);
    const open = await postAtRate(paced, { ...options, perSecond: rate });
    await waitUntilSettled(db, 60_000);
    const openLatencies = firstCallLatencies(await console_.brokers.record(), paced, open.results);
    const p95 = percentile(openLatencies, 0.95);
    console.log(
      `  accepted → first broker call: p50 ${percentile(openLatencies, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms over ${openLatencies.length} leads (goal p95 ≤ 250 ms: ${p95 <= 250 ? 'met' : 'NOT met'})`,
    );
  } finally {
    for (const child of [...processes, ...workers]) child.process.kill('SIGTERM');
    await Promise.all(
      [...processes, ...workers].map((child) =>
        child.process.exitCode === null && child.process.signalCode === null ? new Promise((resolve) => child.process.once('exit', resolve)) : null,
      ),
    );
    await console_.brokers.close();
    await database.close();
  }
}

async function report(
  db: Db,
  console_: Console,
  records: readonly BrokerRecord[],
  sent: readonly Body[],
  results: readonly CallResult[],
  { closedAt, thirdUsed }: { closedAt: number | null; thirdUsed: number },
  left: number,
): Promise<void> {
  const perDesk = records.map((record) => {
    const counts = countBy(record.received, (lead) => lead.email);
    return { received: record.received.length, twice: Object.values(counts).filter((count) => count > 1).length };
  });
  console.log(`  received per department: ${perDesk.map((entry, index) => `#${index + 1} ${entry.received}`).join(', ')}`);
  const third = perDesk[2]?.received ?? 0;
  const austria = (records[4]?.received ?? []).filter((lead) => lead.country === 'AT').length;
  console.log(
    `  cap overshoot: #3 day ${third}/${caps.dayOfThird} → ${Math.max(0, third - caps.dayOfThird)} (its counter ${thirdUsed}: the killed worker's unmade calls count); #5 AT ${austria}/${caps.austriaOfFifth} → ${Math.max(0, austria - caps.austriaOfFifth)} (goal 0)`,
  );
  console.log(`  leads sent twice to one department: ${perDesk.reduce((sum, entry) => sum + entry.twice, 0)} (goal 0)`);
  const closedDesk = console_.desks[3];
  const [afterClose] =
    closedAt === null || !closedDesk
      ? [{ n: 0 }]
      : await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from distribution_decisions where code = 'PICKED' and department_id = ${closedDesk.id} and created_at > to_timestamp(${closedAt / 1000 + 2})`,
        );
  console.log(`  picks of #4 made over 2 s after it closed (a pass reads the hours at its start): ${afterClose?.n ?? 0} (goal 0)`);
  const states = await rows<{ state: string; reason_code: string | null; n: number }>(
    db,
    sql`select state, reason_code, count(*)::int as n from lead_distributions group by 1, 2 order by 1, 2`,
  );
  const acceptedIds = results.filter((result) => result.status === 201 && result.leadId).map((result) => result.leadId ?? '');
  const [present] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from leads l join lead_distributions d on d.lead_id = l.id where l.lead_id = any(${columnLiteral(acceptedIds)}::text[])`,
  );
  console.log(`  accepted leads without a distribution row (lost): ${acceptedIds.length - (present?.n ?? 0)}; still pending after the drain: ${left} (goal 0, 0)`);
  const french = sent.filter((body, index) => body['country'] === 'FR' && results[index]?.status === 201).length;
  const noRule = states.find((row) => row.state === 'unassigned' && row.reason_code === 'NO_RULE')?.n ?? 0;
  console.log(`  by state: ${states.map((row) => `${row.state}${row.reason_code ? ` ${row.reason_code}` : ''} ${row.n}`).join(', ')}`);
  console.log(`  unassigned NO_RULE ${noRule}, FR leads accepted ${french} → ${noRule === french ? 'equal' : 'DIFFERENT'}`);
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { leads: { type: 'string' }, clients: { type: 'string' }, concurrency: { type: 'string' }, rate: { type: 'string' } },
});
const leads = wholeNumberOption(values.leads, { name: 'leads', fallback: 20_000, min: 100, usage });
const clients = wholeNumberOption(values.clients, { name: 'clients', fallback: 50, min: 1, usage });
const concurrency = wholeNumberOption(values.concurrency, { name: 'concurrency', fallback: 2, min: 1, usage });
const rate = wholeNumberOption(values.rate, { name: 'rate', fallback: 40, min: 1, usage });
const adminUrl = process.env['DATABASE_URL'];
if (!adminUrl) {
  console.error(`bench:distribution runs on PostgreSQL. ${usage}`);
  process.exit(2);
}
console.log(machineLine());
console.log(`database: PostgreSQL; ${leads} leads, ${clients} clients, integration concurrency ${concurrency}`);
await inThrowawayPostgres(adminUrl, 'bench_distribution', (url) => run(url, leads, clients, concurrency, rate));
