/** The Batcher's two ways of gathering, and its retry item by item: what the send engine and the affiliate API rely on. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Batcher } from '../src/db/batcher.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

test("'while-busy': a lone item goes at once; items arriving meanwhile go together next, one batch at a time", async () => {
  const batches: number[][] = [];
  let release: () => void = () => undefined;
  let running = 0;
  let mostAtOnce = 0;
  const batcher = new Batcher<number, number>(
    async (items) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      running -= 1;
      return items.map((item) => item * 10);
    },
    { maxItems: 3, maxWaitMs: 'while-busy' },
  );
  const first = batcher.add(1);
  await tick();
  const later = [2, 3, 4, 5].map((item) => batcher.add(item));
  await tick();
  assert.deepEqual(batches, [[1]], 'the first went alone; the others wait while it runs');
  release();
  assert.deepEqual(await Promise.all([first, ...later]), [10, 20, 30, 40, 50]);
  assert.deepEqual(batches, [[1], [2, 3, 4], [5]], 'then at most maxItems a batch');
  assert.equal(mostAtOnce, 1);
});

test("'while-busy' with gatherMs: a lone item waits for company (up to maxItems), then it is group commit again", async () => {
  const batches: number[][] = [];
  const batcher = new Batcher<number, number>(async (items) => (batches.push(items), items), { maxItems: 3, maxWaitMs: 'while-busy', gatherMs: 20 });
  const first = batcher.add(1);
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.deepEqual(batches, [], 'the lone item waits');
  await Promise.all([first, batcher.add(2)]);
  assert.deepEqual(batches, [[1, 2]], 'and goes with what came within gatherMs');
  await Promise.all([4, 5, 6, 7].map((item) => batcher.add(item)));
  assert.deepEqual(batches.slice(1), [[4, 5, 6], [7]], 'a full batch goes at once');
});

test("'while-busy' with paceMs: under a steady stream a batch starts at most every paceMs; a lone item is not held back", async () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const starts: number[] = [];
  const batches: number[][] = [];
  const batcher = new Batcher<number, number>(
    async (items) => {
      starts.push(Date.now());
      batches.push(items);
      await sleep(10);
      return items;
    },
    { maxItems: 100, maxWaitMs: 'while-busy', paceMs: 60 },
  );
  const asked = Date.now();
  assert.equal(await batcher.add(0), 0);
  assert.ok((starts[0] ?? Infinity) - asked < 30, 'a lone item goes at once');
  await sleep(70);
  // An item every 5 ms while a batch takes 10: without the pace, a batch every 10 ms.
  const stream: Promise<number>[] = [];
  for (let item = 1; item <= 30; item += 1) {
    stream.push(batcher.add(item));
    await sleep(5);
  }
  assert.deepEqual(
    await Promise.all(stream),
    Array.from({ length: 30 }, (_, index) => index + 1),
  );
  const gaps = starts.slice(2).map((start, index) => start - (starts[index + 1] ?? 0));
  assert.ok(
    gaps.every((gap) => gap >= 55),
    `batches of the stream started ${gaps.join(', ')} ms apart`,
  );
  assert.ok(batches.length >= 3, 'the stream went in several batches');
  assert.deepEqual(
    batches.flat(),
    Array.from({ length: 31 }, (_, index) => index),
  );
});

test('a timed batch goes when full or after maxWaitMs', async () => {
  const batches: string[][] = [];
  const batcher = new Batcher<string, string>(async (items) => (batches.push(items), items), { maxItems: 2, maxWaitMs: 5 });
  await Promise.all([batcher.add('a'), batcher.add('b'), batcher.add('c')]);
  assert.deepEqual(batches, [['a', 'b'], ['c']]);
});

test('retrySingly: a failing batch is handled again item by item, so only the bad item fails', async () => {
  const batcher = new Batcher<number, number>(
    async (items) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items;
    },
    { maxItems: 10, maxWaitMs: 0, retrySingly: true },
  );
  const results = await Promise.allSettled([1, 13, 2].map((item) => batcher.add(item)));
  assert.deepEqual(
    results.map((result) => result.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  const plain = new Batcher<number, number>(async () => Promise.reject(new Error('all')), { maxItems: 10, maxWaitMs: 0 });
  const failed = await Promise.allSettled([plain.add(1), plain.add(2)]);
  assert.deepEqual(
    failed.map((result) => result.status),
    ['rejected', 'rejected'],
    'without it the whole batch fails',
  );
});
