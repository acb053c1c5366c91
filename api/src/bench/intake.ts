/**
 * `DATABASE_URL=postgres://… pnpm bench:intake [-- --leads N (20000)] [--concurrency C (50)]`: the affiliate intake
 * API (`POST /api/v1/leads`) on PostgreSQL, as deployed: two API processes (web role) and a worker on one database
 * (`bench_intake_<time>`, dropped afterwards, first given E demo leads, their report deltas folded, and analyzed), C clients posting N leads (85 % new, 10 % duplicates, 3 % invalid, 2 %
 * blacklisted) round-robin to both processes over keep-alive HTTP. In the same run, the floor: the same clients and
 * bodies against two bare Fastify processes that insert each lead with one INSERT (intakeFloor.ts).
 * Phase 1b offers calls at 500/s (an open loop) for the latency at the goal's rate.
 * Phase 2 sends every body twice at once with one Idempotency-Key and once more without it (0 extra leads); phase 3
 * kills one API process (SIGKILL) mid-run (every 201 a lead row, none written twice, none half written).
 * Goals on the 2-core machine: ≥ 500 accepted/s, p95 ≤ 50 ms, ≥ 50 % of the floor's throughput.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { and, eq, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../db/database.ts';
import * as tables from '../db/schema/index.ts';
import { createKey } from '../modules/affiliates/keys.ts';
import { loadConfig } from '../config.ts';
import { secretBoxFor } from '../modules/sending/secrets.ts';
import { foldReportDeltas } from '../modules/reports/fold.ts';
import { seedDemoData } from '../seed/demo/index.ts';
import { wholeNumberOption } from '../seed/cliArgs.ts';
import { freePort, startApi, type ApiProcess } from './apiProcess.ts';
import { CpuMeter } from './cpu.ts';
import { blockedDomain, countBy, generateBodies, latencies, postAll, postAtRate, type CallResult, type Generated } from './intakeLoad.ts';
import { inThrowawayPostgres, machineLine } from './throwaway.ts';

const usage = 'usage: DATABASE_URL=postgres://… pnpm bench:intake -- [--leads N (20000)] [--concurrency C (50)] [--existing E (100000)]';
const ms = (value: number): string => `${value.toFixed(1)} ms`;

async function startFloor(url: string): Promise<{ address: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./intakeFloor.ts', import.meta.url)), url, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('FLOOR_READY') && resolve());
    child.once('exit', (code) => reject(new Error(`the floor exited with ${code}`)));
  });
  return { address: `http://127.0.0.1:${port}`, process: child };
}

/** An affiliate company, its source, a key without a practical rate limit, and the blacklisted domain. */
async function setUp(db: Db): Promise<{ key: string; companyId: number }> {
  const [company] = await db.insert(tables.affiliateCompanies).values({ name: 'Bench Affiliates' }).returning();
  if (!company) throw new Error('no company');
  const [source] = await db.insert(tables.sources).values({ name: 'Bench source', affiliate_company_id: company.id }).returning();
  if (!source) throw new Error('no source');
  const issued = await createKey(db, company.id, { name: 'Bench', source_id: source.id, rate_limit_per_minute: 100_000 });
  await db.insert(tables.blacklist).values({ type: 'email_domain', value: blockedDomain });
  await db.execute(sql`create table bench_floor_leads (like leads including all)`);
  return { key: issued.key, companyId: company.id };
}

function report(label: string, results: CallResult[], wallMs: number): number {
  const accepted = results.filter((result) => result.status === 201).length;
  const { p50, p95, p99 } = latencies(results);
  const rate = (accepted * 1000) / wallMs;
  console.log(`  ${label}: ${results.length} calls in ${(wallMs / 1000).toFixed(1)} s, ${accepted} accepted = ${rate.toFixed(0)} accepted/s; p50 ${ms(p50)}, p95 ${ms(p95)}, p99 ${ms(p99)}`);
  return rate;
}

async function leadIdsPresent(db: Db, leadIds: string[]): Promise<number> {
  let present = 0;
  for (let start = 0; start < leadIds.length; start += 5000) {
    const rows = await db
      .select({ id: tables.leads.id })
      .from(tables.leads)
      .where(inArray(tables.leads.lead_id, leadIds.slice(start, start + 5000)));
    present += rows.length;
  }
  return present;
}

async function companyLeads(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tables.leads)
    .where(eq(tables.leads.affiliate_company_id, companyId));
  return row?.n ?? 0;
}

async function run(url: string, leads: number, concurrency: number, existing: number): Promise<void> {
  const first = await startApi(url);
  const processes: { process: ChildProcess }[] = [first];
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    // A console in use holds leads already (and the planner knows it): the duplicate checks and triggers meet a real table.
    if (existing > 0) {
      const seeded = await seedDemoData(database, { leads: existing, seed: 11, secrets: secretBoxFor(loadConfig()) });
      // Their report deltas folded, as a console's would have been long ago: the worker does not fold them mid-run. And
      // vacuumed, as autovacuum would have (the fold leaves millions of dead rollup versions; the server here has it off).
      const folded = await foldReportDeltas(database.db);
      await database.db.execute(sql`vacuum analyze`);
      console.log(`existing leads: ${seeded.counts.leads} demo leads seeded (${folded} report deltas folded), vacuumed and analyzed`);
    }
    const second = await startApi(url, { build: false });
    const worker = await startApi(url, { role: 'worker', build: false });
    processes.push(second, worker);
    const { key, companyId } = await setUp(database.db);
    const floors = [await startFloor(url), await startFloor(url)];
    processes.push(...floors);
    const apis: ApiProcess[] = [first, second];
    const headers = () => ({ 'x-api-key': key });

    console.log(`\n== phase 1: ${leads} leads, ${concurrency} clients, round-robin to 2 API processes (and a worker)`);
    const generated = generateBodies(leads, 'p1', 0);
    const bodies = generated.map((entry) => entry.body);
    // Where each side's CPU goes, a call at a time: the floor's processes or the API's, PostgreSQL, the clients.
    const pidsOf = (children: readonly { process: ChildProcess }[]) => children.map((child) => child.process.pid ?? 0);
    const cpu = new CpuMeter(
      new Map([
        ['floor processes', pidsOf(floors)],
        ['API processes', pidsOf(apis)],
        ['worker', pidsOf([worker])],
      ]),
    );
    cpu.begin();
    const floor = await postAll(bodies, { bases: floors.map((one) => one.address), path: '/leads', concurrency });
    const floorRate = report('floor (bare Fastify, one INSERT)', floor.results, floor.ms);
    console.log(`    ${cpu.report(floor.results.length, 'call', 2)}`);
    cpu.begin();
    const intake = await postAll(bodies, { bases: apis.map((api) => `${api.address}/api/v1`), path: '/leads', concurrency, headers });
    const rate = report('intake API', intake.results, intake.ms);
    console.log(`    ${cpu.report(intake.results.length, 'call', 2)}`);
    const { p95 } = latencies(intake.results);
    console.log(
      `  ratio to the floor: ${((rate / floorRate) * 100).toFixed(1)} % (goal ≥ 50 %); goals ≥ 500 accepted/s: ${rate >= 500 ? 'met' : 'NOT met'}, p95 ≤ 50 ms: ${p95 <= 50 ? 'met' : 'NOT met'}`,
    );
    const expected = countBy(generated, (entry: Generated) => entry.expected);
    const got = countBy(intake.results, (result) => (result.status === 201 ? 'accepted' : result.reason));
    const same = Object.keys({ ...expected, ...got }).every((reason) => expected[reason] === got[reason]);
    console.log(`  by reason: ${JSON.stringify(got)}; generated: ${JSON.stringify(expected)} → ${same ? 'equal' : 'DIFFERENT'}`);

    const offered = 500;
    const paced = generateBodies(Math.max(100, Math.floor(leads / 4)), 'p1b', 30_000_000).map((entry) => entry.body);
    const open = await postAtRate(paced, { bases: apis.map((api) => `${api.address}/api/v1`), path: '/leads', concurrency, headers, perSecond: offered });
    const openLatency = latencies(open.results);
    console.log(`\n== phase 1b: open loop, ${paced.length} calls offered at ${offered}/s whatever the answers' pace (affiliates do not wait for each other)`);
    report(`intake API at ${offered}/s offered`, open.results, open.ms);
    console.log(
      `  p95 ≤ 50 ms at the goal's rate: ${openLatency.p95 <= 50 ? 'met' : 'NOT met'} (the closed loop above measures ${concurrency} clients ÷ throughput, the floor's own p95 included)`,
    );

    const pairs = Math.max(1, Math.floor(leads / 10));
    console.log(`\n== phase 2: ${pairs} new bodies, each sent twice at once with one Idempotency-Key, then once more without it`);
    const before = await companyLeads(database.db, companyId);
    const twice = generateBodies(pairs, 'p2', 10_000_000).flatMap((entry) => [entry.body, entry.body]);
    const raced = await postAll(twice, {
      bases: apis.map((api) => `${api.address}/api/v1`),
      path: '/leads',
      concurrency,
      headers: (index) => ({ ...headers(), 'idempotency-key': `p2-${Math.floor(index / 2)}` }),
    });
    const again = await postAll(
      twice.filter((_, index) => index % 2 === 0),
      { bases: apis.map((api) => `${api.address}/api/v1`), path: '/leads', concurrency, headers },
    );
    const added = (await companyLeads(database.db, companyId)) - before;
    const newBodies = generateBodies(pairs, 'p2', 10_000_000).filter((entry) => entry.expected === 'accepted').length;
    console.log(
      `  answers with the key: ${JSON.stringify(countBy(raced.results, (result) => `${result.status} ${result.reason}`))}; without: ${JSON.stringify(countBy(again.results, (result) => `${result.status} ${result.reason}`))}`,
    );
    console.log(`  leads added ${added} for ${newBodies} new bodies → extra leads: ${added - newBodies} (goal 0)`);

    const killed = Math.max(1, Math.floor(leads / 4));
    console.log(`\n== phase 3: ${killed} leads with Idempotency-Keys; one API process killed (SIGKILL) at 40 %; unanswered calls retried on the other`);
    const third = generateBodies(killed, 'p3', 20_000_000).map((entry) => entry.body);
    const keyOf = (index: number) => ({ ...headers(), 'idempotency-key': `p3-${index}` });
    let alive = apis;
    const mid = postAll(third, { bases: [], path: '/leads', concurrency, headers: keyOf, route: (index) => `${(alive[index % alive.length] ?? first).address}/api/v1` });
    const killAt = Math.floor(killed * 0.4);
    while ((await companyLeads(database.db, companyId)) - before - added < killAt) await new Promise((resolve) => setTimeout(resolve, 50));
    second.process.kill('SIGKILL');
    alive = [first];
    const answered = await mid;
    // What an affiliate does with a call left unanswered: the same call again, with its key, until it is answered
    // (a claim of the dead process answers IN_FLIGHT until it is 30 s stale and taken over).
    const lost = answered.results.map((result, index) => ({ result, index })).filter(({ result }) => result.error);
    let pending = lost.map(({ index }) => index);
    const retriedResults: CallResult[] = [];
    for (let round = 0; pending.length > 0 && round < 90; round += 1) {
      const again = await postAll(
        pending.map((index) => third[index] ?? {}),
        { bases: [`${first.address}/api/v1`], path: '/leads', concurrency, headers: (position) => keyOf(pending[position] ?? -1) },
      );
      retriedResults.push(...again.results.filter((result) => result.reason !== 'IN_FLIGHT' && !result.error));
      pending = pending.filter((_, position) => again.results[position]?.reason === 'IN_FLIGHT' || again.results[position]?.error);
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const retried = { results: retriedResults };
    const accepted = [...answered.results, ...retried.results].filter((result) => result.status === 201 && result.leadId).map((result) => result.leadId ?? '');
    const distinct = new Set(accepted);
    const present = await leadIdsPresent(database.db, [...distinct]);
    const [halfWritten] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tables.leads)
      .where(
        and(
          eq(tables.leads.affiliate_company_id, companyId),
          isNotNull(tables.leads.status_id),
          notExists(
            database.db
              .select({ one: sql`1` })
              .from(tables.leadStatusHistories)
              .where(eq(tables.leadStatusHistories.lead_id, tables.leads.id)),
          ),
        ),
      );
    const written = (await companyLeads(database.db, companyId)) - before - added;
    console.log(
      `  calls without an answer (their process died): ${lost.length}; retried until answered: ${JSON.stringify(countBy(retried.results, (result) => `${result.status} ${result.reason}`))}, still unanswered ${pending.length}`,
    );
    console.log(
      `  201s received ${distinct.size}; of them lead rows: ${present} (lost: ${distinct.size - present}, goal 0); lead rows written ${written} (written twice: ${written - distinct.size}, goal 0)`,
    );
    console.log(`  leads with a status but no status history (half written): ${halfWritten?.n ?? 0} (goal 0)`);
  } finally {
    for (const child of processes) child.process.kill('SIGTERM');
    await Promise.all(
      processes.map((child) => (child.process.exitCode === null && child.process.signalCode === null ? new Promise((resolve) => child.process.once('exit', resolve)) : null)),
    );
    await database.close();
  }
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { leads: { type: 'string' }, concurrency: { type: 'string' }, existing: { type: 'string' } },
});
const leads = wholeNumberOption(values.leads, { name: 'leads', fallback: 20_000, min: 10, usage });
const concurrency = wholeNumberOption(values.concurrency, { name: 'concurrency', fallback: 50, min: 1, usage });
const existing = wholeNumberOption(values.existing, { name: 'existing', fallback: 100_000, min: 0, usage });
const adminUrl = process.env['DATABASE_URL'];
if (!adminUrl) {
  console.error(`bench:intake runs on PostgreSQL. ${usage}`);
  process.exit(2);
}
console.log(machineLine());
console.log(`database: PostgreSQL; ${leads} leads, ${concurrency} clients`);
await inThrowawayPostgres(adminUrl, 'bench_intake', (url) => run(url, leads, concurrency, existing));
