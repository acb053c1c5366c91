/**
 * bench:intake's load: the bodies (85 % new, 10 % duplicates of earlier ones, 3 % invalid, 2 % blacklisted) and the
 * clients that post them, C at a time over keep-alive HTTP, round-robin to the given base URLs, timing each call.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export type Expected = 'accepted' | 'DUPLICATE' | 'INVALID' | 'BLACKLISTED';
export type Generated = { body: Record<string, string>; expected: Expected };

/** The blacklisted domain the setup enters. */
export const blockedDomain = 'blocked-bench.example';

/** `phoneBase` keeps the phones of separate phases apart (a phase's leads would be duplicates of another's). */
export function generateBodies(total: number, runTag: string, phoneBase: number): Generated[] {
  const bodies: Generated[] = [];
  const fresh: Record<string, string>[] = [];
  for (let index = 0; index < total; index += 1) {
    const slot = index % 100;
    if (slot < 85 || fresh.length === 0) {
      // 0155: a German mobile range the demo leads never use (seed/demo/countries.ts), so none is a duplicate of one.
      const phone = `+49155${String(phoneBase + index).padStart(8, '0')}`;
      const body = { first_name: `Bench${index}`, last_name: 'Intake', email: `${runTag}-${index}@bench.example`, phone, country: 'DE' };
      fresh.push(body);
      bodies.push({ body, expected: 'accepted' });
    } else if (slot < 95) {
      const original = fresh[(index * 31) % fresh.length] ?? fresh[0];
      bodies.push({ body: { first_name: 'Again', email: original?.email ?? '' }, expected: 'DUPLICATE' });
    } else if (slot < 98) {
      bodies.push({ body: { first_name: 'Broken', phone: '12', country: 'DE' }, expected: 'INVALID' });
    } else {
      bodies.push({ body: { first_name: 'Blocked', email: `${runTag}-${index}@${blockedDomain}` }, expected: 'BLACKLISTED' });
    }
  }
  return bodies;
}

/** `at`: when the answer came (`performance.now()`). */
export type CallResult = { status: number; reason: string; leadId: string | null; ms: number; at: number; error: boolean };

export type LoadOptions = {
  bases: string[];
  path: string;
  concurrency: number;
  headers?: (index: number) => Record<string, string>;
  /** Called before each call: a base URL may be taken out (a killed process). */
  route?: (index: number) => string;
};

/**
 * Keep-alive sockets for every call, as many as the calls in flight. node:http, not `fetch`: `fetch` took 0.40 ms of CPU
 * a call against 0.08 ms (a bare loopback server, 50 clients), so on 2 cores the load generator took a sixth of the
 * machine the API under test needs (bench:distribution, bench:intake and its floor alike).
 */
const agent = new Agent({ keepAlive: true });

/** One call, timed; a call that gets no answer (its process died) is an error, not a throw. */
function timedPost(url: string, headers: Record<string, string>, body: Record<string, string>): Promise<CallResult> {
  const began = performance.now();
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    const failed = () => {
      const at = performance.now();
      resolve({ status: 0, reason: 'NO_ANSWER', leadId: null, ms: at - began, at, error: true });
    };
    const call = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', failed);
      response.on('end', () => {
        const at = performance.now();
        try {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { status?: string; reason?: string; lead_id?: string };
          resolve({ status: response.statusCode ?? 0, reason: answer.reason ?? answer.status ?? '?', leadId: answer.lead_id ?? null, ms: at - began, at, error: false });
        } catch {
          failed();
        }
      });
    });
    call.on('error', failed);
    call.end(text);
  });
}

/**
 * Posts the bodies at a fixed rate whatever the answers' pace (an open loop, as affiliates' servers send): the latency
 * the API gives at that load, where a closed loop of C clients would only measure C ÷ throughput.
 */
export async function postAtRate(bodies: readonly Record<string, string>[], options: LoadOptions & { perSecond: number }): Promise<{ results: CallResult[]; ms: number }> {
  const started = performance.now();
  const calls: Promise<CallResult>[] = [];
  for (let index = 0; index < bodies.length; index += 1) {
    const due = started + (index * 1000) / options.perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const base = options.bases[index % options.bases.length] ?? '';
    calls.push(timedPost(`${base}${options.path}`, options.headers?.(index) ?? {}, bodies[index] ?? {}));
  }
  const results = await Promise.all(calls);
  return { results, ms: performance.now() - started };
}

/** Posts every body once; answers come back in the bodies' order. */
export async function postAll(bodies: readonly Record<string, string>[], options: LoadOptions): Promise<{ results: CallResult[]; ms: number }> {
  const results: CallResult[] = new Array<CallResult>(bodies.length);
  let next = 0;
  const started = performance.now();
  const client = async () => {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= bodies.length) return;
      const base = options.route ? options.route(index) : (options.bases[index % options.bases.length] ?? '');
      results[index] = await timedPost(`${base}${options.path}`, options.headers?.(index) ?? {}, bodies[index] ?? {});
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, client));
  return { results, ms: performance.now() - started };
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

export function latencies(results: readonly CallResult[]): { p50: number; p95: number; p99: number } {
  const sorted = results
    .filter((result) => !result.error)
    .map((result) => result.ms)
    .sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) };
}

export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
