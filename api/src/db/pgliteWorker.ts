/**
 * Runs the embedded PGlite database in a worker thread and serves it over the PostgreSQL wire protocol
 * on a loopback port, so the API talks node-postgres to it exactly as to a real server and a long query
 * never blocks the API's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openPglite } from './pglite.ts';

type WorkerInput = { dataDir: string | null; template: string | undefined };

const { dataDir, template } = workerData as WorkerInput;

const db = await openPglite(dataDir, template);
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
