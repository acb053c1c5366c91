/** Latency figures of the benches: p50 / p95 / max of sequential calls. */
import { performance } from 'node:perf_hooks';

export type Timings = { p50: number; p95: number; max: number };

const percentile = (sorted: readonly number[], fraction: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;

export function timingsOf(samples: readonly number[]): Timings {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? Number.NaN };
}

/** Calls `call` `calls` times one after the other, timing each. */
export async function timed(calls: number, call: (index: number) => Promise<void>): Promise<Timings> {
  const samples: number[] = [];
  for (let index = 0; index < calls; index++) {
    const started = performance.now();
    await call(index);
    samples.push(performance.now() - started);
  }
  return timingsOf(samples);
}
