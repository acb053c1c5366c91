/**
 * Runs the embedded PGlite database in a worker thread and serves it over the PostgreSQL wire protocol
 * on a loopback port, so the API talks node-postgres to it exactly as to a real server and a long query
 * never blocks the API's event loop.
 */
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openPglite } from './pglite.ts';

type WorkerInput = { dataDir: string | null };

const { dataDir } = workerData as WorkerInput;

/**
 * PGlite's WebAssembly is compiled by V8's optimizing compiler only. By default V8 compiles the whole 9 MB module with
 * its baseline compiler (Liftoff) and keeps that code while it recompiles the hot functions optimized: two copies of
 * the code. Without Liftoff an import peaked 25–65 MB lower (three runs each of csv and xlsx: 349–381 MB against
 * 402–419 MB), in the same time; the database opens ~1 s later. The flag is the process's: PGlite is the only
 * WebAssembly the API's process runs. (initdb's short-lived child process keeps the default, which starts sooner.)
 */
v8.setFlagsFromString('--no-liftoff');

const db = await openPglite(dataDir);
const server = new PGLiteSocketServer({ db, port: 0, host: '127.0.0.1', maxConnections: 4 });
await server.start();
const port = Number(server.getServerConn().split(':').at(-1));
parentPort?.postMessage({ type: 'ready', port });

parentPort?.on('message', (message: { type: string }) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await server.stop();
    await db.close();
    parentPort?.postMessage({ type: 'stopped' });
  })();
});
