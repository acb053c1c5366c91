/** bench:events' figures from what its clients noted: latencies from COMMIT to arrival, and polling's staleness. */
import type { PollAnswers, Receipts } from './eventsClients.ts';
import { percentile } from './intakeLoad.ts';

export type Summary = { p50: number; p95: number; max: number; line: string };

export const ms = (value: number): string => `${value.toFixed(1)} ms`;

export function summary(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  const p50 = percentile(sorted, 0.5);
  const p95 = percentile(sorted, 0.95);
  const max = sorted.at(-1) ?? Number.NaN;
  return { p50, p95, max, line: `p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(max)}` };
}

/**
 * Of the writes `sequences` (committed at `commits[sequence]`) and `streams` streams: each event's COMMIT → arrival,
 * each write's COMMIT → arrival at its last stream (never, when one missed it), and the events missed.
 */
export function deliveryFigures(receipts: Receipts, commits: readonly number[], sequences: readonly number[], streams: number) {
  const counted = new Set(sequences);
  const each: number[] = [];
  const last = new Map<number, number>();
  const received = new Map<number, number>();
  receipts.sequence.forEach((sequence, index) => {
    if (!counted.has(sequence)) return;
    const at = receipts.at[index] ?? Number.NaN;
    each.push(at - (commits[sequence] ?? Number.NaN));
    last.set(sequence, Math.max(last.get(sequence) ?? 0, at));
    received.set(sequence, (received.get(sequence) ?? 0) + 1);
  });
  const everyStream = sequences.map((sequence) => (last.get(sequence) ?? Number.POSITIVE_INFINITY) - (commits[sequence] ?? 0));
  const missing = sequences.reduce((sum, sequence) => sum + streams - (received.get(sequence) ?? 0), 0);
  return { each: summary(each), everyStream: summary(everyStream), received: each.length, missing };
}

/** Per poller and write: COMMIT → the first answer whose job shows the write (`processed` reached its number). */
export function staleness(answers: readonly PollAnswers[], commits: readonly number[], sequences: readonly number[]): Summary {
  const values: number[] = [];
  for (const one of answers) {
    let answer = 0;
    for (const sequence of sequences) {
      while (answer < one.processed.length && (one.processed[answer] ?? 0) < sequence) answer++;
      if (answer < one.processed.length) values.push((one.at[answer] ?? 0) - (commits[sequence] ?? 0));
    }
  }
  return summary(values);
}
