/**
 * The embedded PGlite database beside the API: served from a worker thread over the PostgreSQL wire protocol
 * (pgliteWorker.ts), its data directory created by a child process, and locked to one owning process.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';

export type Embedded = { port: number; stop(): Promise<void> };

/** Code that imports a module of this folder, registering tsx first when running from TypeScript source (a compiled build does not need it). */
function importCode(name: string): string {
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? `./${name}.ts` : `./${name}.js`, import.meta.url);
  return fromSource
    ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`
    : `import(${JSON.stringify(entry.href)})`;
}

/**
 * A new data directory gets its database (initdb) from a child process that exits when it is done. initdb runs a
 * WebAssembly instance of its own, whose memory a process keeps once it has it: created in the API's process, it left
 * ~180 MB more resident memory for the process's whole life (a worker thread, terminated, did not give it back).
 */
async function initializeInChild(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const code = `${importCode('pglite')}.then((module) => module.initializePglite(${JSON.stringify(dataDir)})).then(() => process.exit(0))`;
  const child = spawn(process.execPath, ['--input-type=module', '--eval', code], { stdio: ['ignore', 'ignore', 'inherit'] });
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  if (exitCode !== 0) throw new Error(`creating the embedded database in ${dataDir} failed (exit code ${exitCode})`);
}

/**
 * The worker's memory, measured by 200,000-row imports (`pnpm bench:import`), each change in the same job time:
 * - Its young generation is 4 MB. Its JavaScript only relays the wire protocol (a heap of ~30 MB), but every message
 *   passes through it, an import batch's ~250 KB ones too, and V8's default young generation (sized for a main
 *   thread) grew with them: ~50 MB lower peaks on average (six runs: 365–412 MB against 402–461 MB).
 * - PGlite's WebAssembly is compiled by V8's optimizing compiler only. By default V8 compiles the whole 9 MB module
 *   with its baseline compiler (Liftoff) and keeps that code while it recompiles the hot functions optimized: two
 *   copies of the code. Without it, peaks 25–65 MB lower (three runs each of csv and xlsx: 349–381 MB against 402–419
 *   MB); the database opens ~1 s later. The flag is the process's: PGlite is the only WebAssembly the API's process
 *   runs. (initdb's short-lived child process keeps the default, which starts sooner, and so does a database started
 *   from a template: a test's, which lives seconds and opens in 1 s instead of 3.)
 */
const workerYoungGenerationMb = 4;
const wasmCompilerFlags = '--no-liftoff';

/** The database in `dataDir`, or in memory (from `template` when given: see openPglite, and the flag above). */
export async function startEmbedded(dataDir: string | null, template?: string): Promise<Embedded> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    await initializeInChild(dataDir);
  }
  if (template === undefined) v8.setFlagsFromString(wasmCompilerFlags);
  const worker = new Worker(importCode('pgliteWorker'), { eval: true, workerData: { dataDir, template }, resourceLimits: { maxYoungGenerationSizeMb: workerYoungGenerationMb } });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { type: string; port?: number }) => {
      if (message.type !== 'ready' || message.port === undefined) return;
      worker.off('error', reject);
      resolve({
        port: message.port,
        stop: () =>
          new Promise<void>((done) => {
            worker.once('message', () => void worker.terminate().then(() => done()));
            worker.postMessage({ type: 'stop' });
          }),
      });
    });
  });
}

/** The lock files this process holds: one naming this process's id may also be a stale one (a container's pid 1). */
const lockedHere = new Set<string>();

/**
 * PGlite files must have one owner: two processes on one directory corrupt it. A lock file beside the
 * directory names the owning process; a stale one (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${resolve(dataDir)}.lock`;
  if (lockedHere.has(lockPath)) throw new Error(`The embedded database in ${dataDir} is already open in this process.`);
  mkdirSync(dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = openSync(lockPath, 'wx');
      writeSync(handle, String(process.pid));
      closeSync(handle);
      lockedHere.add(lockPath);
      const release = () => {
        process.off('exit', release);
        lockedHere.delete(lockPath);
        try {
          unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(`The embedded database in ${dataDir} is in use by process ${owner}. Stop that process first, or set DATABASE_URL.`);
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
