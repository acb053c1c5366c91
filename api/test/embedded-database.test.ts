import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { openDatabase } from '../src/db/database.ts';

const run = promisify(execFile);
const opener = fileURLToPath(new URL('./fixtures/embedded-open.ts', import.meta.url));
const root = await mkdtemp(join(tmpdir(), 'crm-embedded-'));
after(() => rm(root, { recursive: true, force: true }));

/** Opens the directory in another process, as an API start does; resolves with that process's resident memory once open. */
const openInAnotherProcess = async (dataDir: string): Promise<number> => Number((await run(process.execPath, ['--import', 'tsx', opener, dataDir])).stdout.trim());

test('the embedded database keeps its data between starts, with 32 MB of shared buffers', async () => {
  const dataDir = join(root, 'kept');
  const first = await openDatabase({ dataDir });
  try {
    assert.equal((await first.pool.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers, '32MB');
    await first.pool.query("create table kept (note text); insert into kept values ('written at the first start')");
  } finally {
    await first.close();
  }
  const second = await openDatabase({ dataDir });
  try {
    assert.deepEqual((await second.pool.query('select note from kept')).rows, [{ note: 'written at the first start' }]);
  } finally {
    await second.close();
  }
});

test('one owner at a time for a data directory: another process, or a second opening in the same one, is refused', async () => {
  const dataDir = join(root, 'owned');
  const owner = await openDatabase({ dataDir });
  try {
    await assert.rejects(openInAnotherProcess(dataDir), (error: Error & { stderr?: string }) => /is in use by process/.test(error.stderr ?? ''));
    await assert.rejects(openDatabase({ dataDir }), /already open in this process/);
  } finally {
    await owner.close();
  }
});

test('a first start, which creates the data directory, leaves the process no bigger than a later start', async () => {
  const dataDir = join(root, 'measured');
  const firstStart = await openInAnotherProcess(dataDir);
  const laterStart = await openInAnotherProcess(dataDir);
  // Created in the API's own process, initdb's WebAssembly memory stayed resident: ~150 MB more.
  assert.ok(firstStart < laterStart + 60 * 1024 * 1024, `first start ${Math.round(firstStart / 2 ** 20)} MB, later start ${Math.round(laterStart / 2 ** 20)} MB`);
});
