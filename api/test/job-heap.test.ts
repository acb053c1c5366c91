import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./fixtures/heap-churn.ts', import.meta.url));

async function peakHeap(tuned: boolean): Promise<number> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...(tuned ? ['tuned'] : [])]);
  return Number(stdout.trim());
}

test('a process that works jobs lets its heap grow by half of what survives, not fourfold', async () => {
  const [untuned, tuned] = [await peakHeap(false), await peakHeap(true)];
  assert.ok(untuned > 0 && tuned > 0, `peaks: ${untuned} and ${tuned}`);
  assert.ok(tuned < untuned * 0.75, `the tuned heap peaked at ${Math.round(tuned / 1e6)} MB against ${Math.round(untuned / 1e6)} MB untuned`);
});
