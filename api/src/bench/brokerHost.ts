/**
 * bench:distribution's fake brokers in a process of their own, as brokers are other parties' servers: sharing the
 * bench's event loop with its 50 intake clients, their 50 ms answers took 95–105 ms while the intake ran (the loop
 * lagged 12–17 ms at p50), so the bench measured its own load generator, not the engine. Started with `fork`; told over
 * IPC what to record, it answers with what each broker received (`BrokerRecord`, times as epoch ms).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startFakeBroker, type FakeBroker } from '../dev/fakeBroker.ts';

export type BrokerSpec = { latencyMs: number; rejectEvery?: number; failFirst?: { count: number; status: number } };

/** A lead a broker accepted: its email, its country and when (epoch ms). */
export type ReceivedRecord = { email: string; country: string; at: number };
/** What one broker received, and when each email's first post arrived (epoch ms, before the latency). */
export type BrokerRecord = { received: ReceivedRecord[]; firstArrivals: Map<string, number> };

type Request = { id: number; kind: 'record' | 'close' };
type Answer = { id: number; records?: Array<{ received: ReceivedRecord[]; firstArrivals: Array<[string, number]> }> };

export type BrokerHost = { urls: string[]; pid: number; record(): Promise<BrokerRecord[]>; close(): Promise<void> };

/** Where the child finds its specs (and knows it is the host: tsx runs the bench itself with an IPC channel). */
const specsVariable = 'BENCH_BROKER_SPECS';
const epochMs = (performanceMs: number): number => performance.timeOrigin + performanceMs;

/** Starts the brokers in a child process; answers once they listen. */
export async function startBrokerHost(specs: readonly BrokerSpec[]): Promise<BrokerHost> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, [specsVariable]: JSON.stringify(specs) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [urls] = (await once(child, 'message')) as [string[]];
  let nextId = 0;
  const ask = async (kind: Request['kind']): Promise<Answer> => {
    const id = (nextId += 1);
    const answer = new Promise<Answer>((resolve, reject) => {
      const onMessage = (message: Answer) => {
        if (message.id !== id) return;
        child.off('message', onMessage);
        resolve(message);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the broker host exited with ${code}`)));
    });
    child.send({ id, kind } satisfies Request);
    return answer;
  };
  return {
    urls,
    pid: child.pid ?? 0,
    async record() {
      const { records = [] } = await ask('record');
      return records.map((entry) => ({ received: entry.received, firstArrivals: new Map(entry.firstArrivals) }));
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      await ask('close').catch(() => undefined);
      await exited;
    },
  };
}

function recordOf(broker: FakeBroker): NonNullable<Answer['records']>[number] {
  return {
    received: broker.received.map((lead) => ({ email: lead.email ?? '', country: String(lead.body['country'] ?? ''), at: lead.at.getTime() })),
    firstArrivals: [...broker.firstArrivals].map(([email, at]) => [email, epochMs(at)]),
  };
}

async function host(specs: BrokerSpec[], send: (message: unknown) => void): Promise<void> {
  const brokers = await Promise.all(
    specs.map(async (spec) => {
      const broker = await startFakeBroker({ latencyMs: spec.latencyMs, ...(spec.rejectEvery === undefined ? {} : { rejectEvery: spec.rejectEvery }) });
      if (spec.failFirst) broker.failNext(spec.failFirst.count, spec.failFirst.status);
      return broker;
    }),
  );
  process.on('message', (request: Request) => {
    if (request.kind === 'record') return send({ id: request.id, records: brokers.map(recordOf) } satisfies Answer);
    void Promise.all(brokers.map((broker) => broker.close())).then(() => {
      send({ id: request.id } satisfies Answer);
      process.disconnect();
    });
  });
  // The bench ended without closing them (it failed): nothing is left listening.
  process.on('disconnect', () => process.exit(0));
  send(brokers.map((broker) => broker.url));
}

const hostSpecs = process.env[specsVariable];
if (process.send && hostSpecs) {
  const send = process.send.bind(process);
  await host(JSON.parse(hostSpecs) as BrokerSpec[], (message) => void send(message));
}
