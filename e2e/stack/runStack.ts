/**
 * The stack the browser tests drive, one slot per Playwright worker (slots.ts): each slot's API on a fresh, seeded
 * embedded database and its host on its own port with its own /config.json (a file the tests may rewrite). Shared by
 * the slots: the five remotes as built for the tests, a second build of mfe-settings (label v2), a fault-injection
 * build (throws while rendering) and a standalone build on their own ports, and a fake broker for the send engine.
 * A control port lets a test stop and start its slot's API (`POST /slots/{index}/api/stop` and `…/start`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runApiScript, startApi, type RunningApi } from './api.ts';
import { hostConfig, repoRoot } from './apps.ts';
import { e2eStack } from './e2eStack.ts';
import { serveApps, serveHost } from './serveApps.ts';
import { slotCount, slotOf, type Slot } from './slots.ts';
import { startStaticServer } from './staticServer.ts';

function slotEnv(slot: Slot): Record<string, string> {
  const dataDir = mkdtempSync(join(tmpdir(), `crm-e2e-${slot.index}-`));
  return {
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: e2eStack.adminPassword,
    DEMO_LEADS: '50',
    LOGIN_RATE_LIMIT: '1000',
    LOGIN_IP_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
    DB_HOLD_WARN_MS: '2000',
    CORS_ORIGINS: [slot.hostOrigin, ...e2eStack.variants.map((variant) => `http://localhost:${variant.port}`)].join(','),
  };
}

/** The slot's API on its data, its output printed line by line after the slot's name. */
const startSlotApiProcess = (slot: Slot): Promise<RunningApi> => startApi({ port: slot.apiPort, env: envs[slot.index]!, logPrefix: `slot ${slot.index} API: ` });

async function startSlotApi(slot: Slot): Promise<RunningApi> {
  const env = envs[slot.index]!;
  await runApiScript('src/seed/e2eFixturesCli.ts', env);
  const api = await startSlotApiProcess(slot);
  console.log(`slot ${slot.index}: API on ${slot.apiPort} (data in ${env['DATA_DIR']}), host on ${slot.hostPort}`);
  return api;
}

/** Stops or starts a slot's API on its own data (a start after a stop: the restart of a deploy). */
function serveControl(): Server {
  return createServer((request, response) => {
    const match = /^\/slots\/(\d+)\/api\/(stop|start)$/.exec(request.url ?? '');
    const slot = match ? slots[Number(match[1])] : undefined;
    if (request.method !== 'POST' || !match || !slot) return void response.writeHead(404).end();
    const index = slot.index;
    const action = match[2] === 'stop' ? apis[index]!.stop() : startSlotApiProcess(slot).then((api) => void (apis[index] = api));
    action.then(
      () => response.writeHead(200).end(),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  }).listen(e2eStack.controlPort, '127.0.0.1');
}

const slots = Array.from({ length: slotCount }, (_, index) => slotOf(index));
const envs = slots.map(slotEnv);
for (const slot of slots) writeFileSync(slot.hostConfigFile, JSON.stringify(hostConfig({ ...e2eStack.config, apiBaseUrl: slot.apiBaseUrl }), null, 2));
// The slots' databases are seeded side by side: each seed mostly waits on its own embedded database.
const apis = await Promise.all(slots.map(startSlotApi));
const fakeBroker = spawn(process.execPath, ['--import', 'tsx', 'src/dev/fakeBrokerCli.ts', '--port', String(e2eStack.fakeBrokerPort)], {
  cwd: join(repoRoot, 'api'),
  stdio: 'inherit',
});
const [first, ...others] = slots;
const servers: Server[] = await serveApps({ hostConfigFile: first!.hostConfigFile, distOf: e2eStack.distOf });
for (const slot of others) servers.push(await serveHost({ port: slot.hostPort, configFile: slot.hostConfigFile, distOf: e2eStack.distOf }));
servers.push(serveControl());
for (const variant of e2eStack.variants) {
  servers.push(await startStaticServer({ root: join(repoRoot, variant.outDir), port: variant.port, spa: variant.name === 'settings-standalone' }));
}
console.log(`e2e stack ready: ${slotCount} slot(s)`);

const stop = () => {
  servers.forEach((server) => server.close());
  fakeBroker.kill('SIGTERM');
  void Promise.all(apis.map((api) => api.stop())).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
