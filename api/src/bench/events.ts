/**
 * `DATABASE_URL=postgres://… pnpm bench:events [-- --streams N (1000)] [--seconds S (20)] [--idle I (30)] [--rate R (10)]`:
 * live updates (issue 34) against the polling they replace, on PostgreSQL (`bench_events_<time>`, dropped afterwards).
 * One API process (web role, the production build); N signed-in users, each with a session and a running job.
 *
 * 1. Memory: the API's RSS (/proc VmRSS) before and after N streams open (bearer header), ÷ N.
 * 2. Idle CPU: the API's CPU over I seconds with the N streams open and quiet (heartbeats every 15 s), less the same
 *    process with no stream, per stream per minute.
 * 3. Streams, R progress writes a second for S seconds, every write reaching every stream (N × R events a second):
 *    a. one job whose event goes to every holder of the jobs page's permission (one event row, fanned out);
 *    b. every user's job in each write, each event to its owner (N event rows a write, one per stream).
 *    Latency: the writer's clock right after COMMIT → the event's arrival here; per write, until its last stream has it.
 *    The floor: the same transaction's pg_notify reaching a LISTEN client here.
 * 4. Polling: the streams closed, N clients poll `GET /api/jobs` 2 s after each answer (the jobs page's RTK Query
 *    polling) while the writer makes 3b's writes for S seconds: requests served a second, and staleness (a write's
 *    COMMIT → the first answer that shows it, per user).
 * Goals: every-stream p95 ≤ 200 ms; ≤ 50 KB per open stream; polling's request load gone.
 */
import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { wholeNumberOption } from '../seed/cliArgs.ts';
import { startApi } from './apiProcess.ts';
import { CpuMeter, processCpuMs } from './cpu.ts';
import { inBatches, openStream, poll, type Receipts } from './eventsClients.ts';
import { deliveryFigures, ms, staleness, summary } from './eventsFigures.ts';
import { createSignedInUsers, floorChannel, writeProgress, type WriteScope } from './eventsSetup.ts';
import { inThrowawayPostgres, machineLine } from './throwaway.ts';

const usage = 'usage: DATABASE_URL=postgres://… pnpm bench:events -- [--streams N (1000)] [--seconds S (20)] [--idle I (30)] [--rate R (10)]';
const pollIntervalMs = 2000;
const sleep = (delayMs: number) => new Promise((resolve) => setTimeout(resolve, delayMs));
const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');

function rssKb(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
}

async function cpuOver(pid: number, seconds: number): Promise<number> {
  const before = processCpuMs(pid) ?? 0;
  await sleep(seconds * 1000);
  return (processCpuMs(pid) ?? 0) - before;
}

type Writes = { client: pg.Client; rate: number; seconds: number; commits: number[]; next: number };

/**
 * R writes a second for S seconds (one that overruns its slot delays the next), numbered on from the last phase's
 * (an answer or event shows a write by its number); the numbers counted, the first second's left out (warm-up).
 */
async function writeFor(writes: Writes, scope: WriteScope): Promise<{ counted: number[]; from: number; to: number }> {
  const { client, rate, seconds, commits } = writes;
  const first = writes.next;
  const from = performance.now();
  for (let sequence = first; sequence < first + seconds * rate; sequence++) {
    const due = from + ((sequence - first) * 1000) / rate;
    if (due > performance.now()) await sleep(due - performance.now());
    commits[sequence] = await writeProgress(client, sequence, scope);
  }
  writes.next = first + seconds * rate;
  const counted = Array.from({ length: (seconds - 1) * rate }, (_, index) => first + rate + index);
  return { counted, from, to: performance.now() };
}

async function streamPhase(label: string, scope: WriteScope, writes: Writes, pid: number, receipts: Receipts, count: number, floorAt: number[]): Promise<boolean> {
  console.log(`\n== streams, ${label}: ${writes.rate} writes a second for ${writes.seconds} s, each to all ${count} streams (${count * writes.rate} events a second)`);
  const meter = new CpuMeter(new Map([['API', [pid]]]));
  meter.begin();
  const { counted } = await writeFor(writes, scope);
  await sleep(2000);
  console.log(`  ${meter.report(writes.seconds, 'second')}`);
  const figures = deliveryFigures(receipts, writes.commits, counted, count);
  const floor = summary(counted.map((sequence) => (floorAt[sequence] ?? Number.POSITIVE_INFINITY) - (writes.commits[sequence] ?? 0)));
  const met = figures.everyStream.p95 <= 200 && figures.missing === 0;
  console.log(`  ${counted.length} writes counted (the first second is warm-up), ${figures.received} events received, ${figures.missing} missing`);
  console.log(`  COMMIT → a stream (each event): ${figures.each.line}`);
  console.log(`  COMMIT → every stream (per write, its last stream): ${figures.everyStream.line} (goal p95 ≤ 200 ms: ${verdict(met)})`);
  console.log(`  floor, COMMIT → pg_notify at a LISTEN client: ${floor.line}; every-stream p95 ÷ floor p95 = ${(figures.everyStream.p95 / floor.p95).toFixed(1)}×`);
  return met;
}

async function run(url: string, count: number, seconds: number, idleSeconds: number, rate: number): Promise<void> {
  const api = await startApi(url);
  const pid = api.process.pid ?? 0;
  const writer = new pg.Client({ connectionString: url });
  const listener = new pg.Client({ connectionString: url });
  await Promise.all([writer.connect(), listener.connect()]);
  try {
    let started = performance.now();
    const tokens = await createSignedInUsers(writer, count);
    console.log(`${count} users with a session and a running job each, in ${ms(performance.now() - started)}`);
    // Warm-up: the first streams load code and fill pools, which is no stream's memory.
    const warm = await inBatches(10, 10, (index) => openStream(api.address, tokens[index] ?? '', index, { sequence: [], at: [], stream: [] }));
    for (const stream of warm) stream.close();
    await sleep(1000);

    console.log(`\n== memory and idle CPU of ${count} open streams`);
    // The floor of idle CPU: the same process with no stream, over half the span (it does next to nothing).
    const quietFloorMs = (await cpuOver(pid, idleSeconds / 2)) * 2;
    const rssBefore = rssKb(pid);
    const receipts: Receipts = { sequence: [], at: [], stream: [] };
    started = performance.now();
    const streams = await inBatches(count, 50, (index) => openStream(api.address, tokens[index] ?? '', index, receipts));
    console.log(`  ${count} streams open (bearer header, each up to its ready) in ${ms(performance.now() - started)}`);
    await sleep(2000);
    const rssAfter = rssKb(pid);
    const perStreamKb = (rssAfter - rssBefore) / count;
    console.log(
      `  API RSS ${(rssBefore / 1024).toFixed(1)} MB → ${(rssAfter / 1024).toFixed(1)} MB: ${perStreamKb.toFixed(1)} KB per open stream (goal ≤ 50 KB: ${verdict(perStreamKb <= 50)})`,
    );
    const quietMs = await cpuOver(pid, idleSeconds);
    const idleUs = ((quietMs - quietFloorMs) / count) * (60 / idleSeconds) * 1000;
    console.log(`  API CPU over ${idleSeconds} s quiet (heartbeats only): ${ms(quietMs)} with the streams, ${ms(quietFloorMs)} without → ${idleUs.toFixed(0)} µs per idle stream per minute`);

    const floorAt: number[] = [];
    listener.on('notification', (note) => {
      if (note.channel === floorChannel) floorAt[Number(note.payload)] = performance.now();
    });
    await listener.query(`listen ${floorChannel}`);
    const writes: Writes = { client: writer, rate, seconds, commits: [], next: 1 };
    await streamPhase('one job, a permission broadcast', 'one', writes, pid, receipts, count, floorAt);
    await streamPhase("every user's job, each event to its owner", 'every', writes, pid, receipts, count, floorAt);
    console.log(`  streams that ended meanwhile: ${streams.filter((stream) => stream.ended()).length}`);
    for (const stream of streams) stream.close();
    await sleep(2000);

    console.log(`\n== polling, what the streams replace: ${count} clients, GET /api/jobs ${pollIntervalMs / 1000} s after each answer, the writes of 3b for ${seconds} s`);
    const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
    let stopped = false;
    const pollers = Promise.all(tokens.map((token) => poll(api.address, token, pollIntervalMs, () => stopped, agent)));
    await sleep(pollIntervalMs + 1000);
    const meter = new CpuMeter(new Map([['API', [pid]]]));
    meter.begin();
    const window = await writeFor(writes, 'every');
    const cpu = meter.report(seconds, 'second');
    // Every write is shown by some answer within one interval.
    await sleep(pollIntervalMs + 1000);
    stopped = true;
    const answers = await pollers;
    agent.destroy();
    const served = answers.reduce((sum, one) => sum + one.at.filter((at) => at >= window.from && at <= window.to).length, 0);
    const requestsPerSecond = (served * 1000) / (window.to - window.from);
    console.log(`  ${cpu}`);
    console.log(
      `  ${requestsPerSecond.toFixed(0)} requests/s served (${answers.reduce((sum, one) => sum + one.failed, 0)} failed); answer time ${summary(answers.flatMap((one) => one.ms)).line}`,
    );
    console.log(`  staleness, COMMIT → the first answer showing it: ${staleness(answers, writes.commits, window.counted).line}`);
    console.log(`  polling's request load gone: met: 0 requests/s while the streams are up (the console polls only while its stream is down) instead of ${requestsPerSecond.toFixed(0)}/s`);
  } finally {
    await Promise.allSettled([writer.end(), listener.end()]);
    api.process.kill('SIGTERM');
    if (api.process.exitCode === null) await new Promise((resolve) => api.process.once('exit', resolve));
  }
}

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { streams: { type: 'string' }, seconds: { type: 'string' }, idle: { type: 'string' }, rate: { type: 'string' } },
});
const count = wholeNumberOption(values.streams, { name: 'streams', fallback: 1000, min: 1, usage });
const seconds = wholeNumberOption(values.seconds, { name: 'seconds', fallback: 20, min: 3, usage });
const idleSeconds = wholeNumberOption(values.idle, { name: 'idle', fallback: 30, min: 2, usage });
const rate = wholeNumberOption(values.rate, { name: 'rate', fallback: 10, min: 1, usage });
const adminUrl = process.env['DATABASE_URL'];
if (!adminUrl) {
  console.error(`bench:events runs on PostgreSQL. ${usage}`);
  process.exit(2);
}
console.log(machineLine());
console.log(`database: PostgreSQL; ${count} streams, ${rate} writes/s for ${seconds} s a phase, ${idleSeconds} s quiet`);
await inThrowawayPostgres(adminUrl, 'bench_events', (url) => run(url, count, seconds, idleSeconds, rate));
