/**
 * `tsx src/dev/fakeBrokerCli.ts [--port P] [--latency MS]`: the fake broker on loopback as its own process (the e2e
 * stack points integrations at it; the send benchmark sends to it). Prints `FAKE_BROKER <origin>` once listening;
 * `GET /__fake/stats` counts what it received, `POST /__fake/report` sets what its pulls report.
 */
import { parseArgs } from 'node:util';
import { startFakeBroker } from './fakeBroker.ts';

const { values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { port: { type: 'string' }, latency: { type: 'string' } } });
const broker = await startFakeBroker({ port: Number(values.port ?? 0), latencyMs: Number(values.latency ?? 0) });
console.log(`FAKE_BROKER ${broker.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void broker.close().then(() => process.exit(0)));
