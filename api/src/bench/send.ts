/**
 * `pnpm bench:send [-- --leads N (5000)] [--concurrency C (10)] [--latency MS (50)]`: the send job sending N leads to a
 * fake broker that answers after MS, at concurrency C. Prints leads/s beside the bound C ÷ latency and, as a baseline
 * measured in the same run, the same N posts made by a bare HTTP client at concurrency C (no database, no engine).
 * Goal: ≥ 85 % of the bound. A second run kills the worker (SIGKILL) mid-job, starts another that resumes it, and
 * prints how many leads the broker received twice (goal 0).
 *
 * On PostgreSQL when DATABASE_URL is set (a `bench_send_<time>` database, dropped afterwards), else on PGlite in a
 * temporary directory. The worker, its setup and the broker each run in their own process (sendRun.ts,
 * fakeBrokerCli.ts), so the killed worker is a real process dying.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { wholeNumberOption } from '../seed/cliArgs.ts';

const usage = 'usage: bench:send -- [--leads N (5000)] [--concurrency C (10)] [--latency MS (50)]';
const secretsKey = randomBytes(32).toString('base64');

function script(name: string): string {
  return fileURLToPath(new URL(name, import.meta.url));
}

function spawnTsx(path: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path, ...args], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, SECRETS_KEY: secretsKey } });
}

/** Runs sendRun.ts to its end and returns its RESULT. */
function runStep<T>(database: string[], args: string[]): Promise<T> {
  const child = spawnTsx(script('./sendRun.ts'), [...database, ...args]);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = output.split('\n').find((entry) => entry.startsWith('RESULT '));
      if (code === 0 && line) resolve(JSON.parse(line.slice('RESULT '.length)) as T);
      else reject(new Error(`send-run ${args.join(' ')} exited with ${code}: ${output}`));
    });
  });
}

type FakeBrokerProcess = { url: string; stats(): Promise<{ received: number; distinct: number; duplicates: number; lead_posts: number }>; stop(): void };

async function startBroker(latencyMs: number): Promise<FakeBrokerProcess> {
  const child = spawnTsx(fileURLToPath(new URL('../dev/fakeBrokerCli.ts', import.meta.url)), ['--latency', String(latencyMs)]);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /FAKE_BROKER (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the fake broker exited with ${code}`)));
  });
  return {
    url,
    stats: async () => (await (await fetch(`${url}/__fake/stats`)).json()) as Awaited<ReturnType<FakeBrokerProcess['stats']>>,
    stop: () => child.kill('SIGTERM'),
  };
}

/** N posts by a bare client at concurrency C: what the network and broker allow without any engine. */
async function bareClient(url: string, total: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      next += 1;
      const response = await fetch(`${url}/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `bare${next}@example.com` }) });
      await response.text();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

type Report = { job: { status: string; attempts: number }; rows: { state: string; failure: string | null; total: number }[] };

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { leads: { type: 'string' }, concurrency: { type: 'string' }, latency: { type: 'string' } },
  });
  const leads = wholeNumberOption(values.leads, { name: 'leads', fallback: 5000, min: 1, usage });
  const concurrency = wholeNumberOption(values.concurrency, { name: 'concurrency', fallback: 10, min: 1, usage });
  const latency = wholeNumberOption(values.latency, { name: 'latency', fallback: 50, min: 1, usage });
  const cpu = cpus();
  const url = process.env['DATABASE_URL'];
  console.log(`machine: ${cpu[0]?.model ?? 'unknown cpu'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, load ${loadavg()[0]?.toFixed(1)}, node ${process.version}`);
  console.log(`database: ${url ? 'PostgreSQL' : 'PGlite (set DATABASE_URL for PostgreSQL)'}; ${leads} leads, concurrency ${concurrency}, broker latency ${latency} ms`);

  let database: string[];
  let cleanup: () => Promise<void>;
  if (url) {
    const name = `bench_send_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const benchUrl = new URL(url);
    benchUrl.pathname = `/${name}`;
    database = ['--url', benchUrl.toString()];
    cleanup = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    const directory = await mkdtemp(join(tmpdir(), 'bench-send-pglite-'));
    database = ['--dir', directory];
    cleanup = () => rm(directory, { recursive: true, force: true });
  }

  const bound = concurrency / (latency / 1000);
  try {
    // Run 1: throughput.
    const broker = await startBroker(latency);
    const bareMs = await bareClient(broker.url, leads, concurrency);
    const { jobId } = await runStep<{ jobId: number }>(database, ['--setup', '--broker', broker.url, '--leads', String(leads), '--concurrency', String(concurrency)]);
    const { ms } = await runStep<{ ms: number }>(database, ['--run', String(jobId)]);
    const first = await runStep<Report>(database, ['--report', String(jobId)]);
    const brokerStats = await broker.stats();
    broker.stop();
    const rate = (leads * 1000) / ms;
    const bareRate = (leads * 1000) / bareMs;
    console.log(`\n== run 1: ${leads} leads in ${(ms / 1000).toFixed(1)} s = ${rate.toFixed(1)} leads/s`);
    console.log(`  bound C ÷ latency: ${bound.toFixed(1)} leads/s → ${((rate / bound) * 100).toFixed(1)} % of the bound (goal ≥ 85 %)`);
    console.log(`  baseline, a bare client's ${leads} posts at concurrency ${concurrency}: ${bareRate.toFixed(1)} posts/s → the job does ${((rate / bareRate) * 100).toFixed(1)} % of it`);
    console.log(
      `  job ${first.job.status}; rows: ${first.rows.map((row) => `${row.state}${row.failure ? ` (${row.failure})` : ''} ${row.total}`).join(', ')}; broker received ${brokerStats.received - leads} (bare posts excluded)`,
    );

    // Run 2: kill the worker mid-job, resume it, count what the broker got twice.
    const broker2 = await startBroker(latency);
    const { jobId: job2 } = await runStep<{ jobId: number }>(database, ['--setup', '--broker', broker2.url, '--leads', String(leads), '--concurrency', String(concurrency)]);
    const worker = spawnTsx(script('./sendRun.ts'), [...database, '--run', String(job2)]);
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const killAt = Math.max(1, Math.floor(leads * 0.4));
    for (;;) {
      await sleep(100);
      if ((await broker2.stats()).received >= killAt) break;
    }
    worker.kill('SIGKILL');
    await exited;
    const atKill = await broker2.stats();
    await runStep(database, ['--run', String(job2)]);
    const second = await runStep<Report>(database, ['--report', String(job2)]);
    const stats2 = await broker2.stats();
    broker2.stop();
    const sent = second.rows.filter((row) => row.state === 'success').reduce((sum, row) => sum + row.total, 0);
    const interrupted = second.rows.filter((row) => row.failure === 'Interrupted (outcome unknown)').reduce((sum, row) => sum + row.total, 0);
    console.log(`\n== run 2: worker killed (SIGKILL) after the broker had ${atKill.received} leads, then resumed by a new worker`);
    console.log(`  job ${second.job.status}; sent ${sent}, interrupted (outcome unknown, never resent) ${interrupted}; broker received ${stats2.received} (${stats2.distinct} distinct)`);
    console.log(`  leads the broker received twice: ${stats2.duplicates} (goal 0)`);
  } finally {
    await cleanup();
  }
}

await main();
