/**
 * The stack the browser tests drive: the API on a fresh, seeded embedded database, the host and the five
 * remotes as built for the tests, a second build of mfe-settings (label v2) and a fault-injection build
 * (throws while rendering) on their own ports, and a fake broker for the send engine. The host's /config.json is a file the tests may rewrite.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runApiScript, startApi } from './api.ts';
import { apiPort, hostConfig, repoRoot } from './apps.ts';
import { serveApps } from './serveApps.ts';
import { startStaticServer } from './staticServer.ts';
import { e2eStack } from './e2eStack.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'crm-e2e-'));
writeFileSync(e2eStack.hostConfigFile, JSON.stringify(hostConfig(e2eStack.config), null, 2));

const apiEnv = {
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: e2eStack.adminPassword,
  DEMO_LEADS: '50',
  LOGIN_RATE_LIMIT: '1000',
  LOGIN_IP_RATE_LIMIT: '1000',
  LOG_LEVEL: 'warn',
  CORS_ORIGINS: ['http://localhost:3000', ...e2eStack.variants.map((variant) => `http://localhost:${variant.port}`)].join(','),
};
await runApiScript('src/seed/e2e-fixtures-cli.ts', apiEnv);
const api = await startApi({ port: apiPort, env: apiEnv });
const fakeBroker = spawn(process.execPath, ['--import', 'tsx', 'src/dev/fake-broker-cli.ts', '--port', String(e2eStack.fakeBrokerPort)], {
  cwd: join(repoRoot, 'api'),
  stdio: 'inherit',
});
const servers = await serveApps({ hostConfigFile: e2eStack.hostConfigFile, distOf: e2eStack.distOf });
for (const variant of e2eStack.variants) {
  servers.push(await startStaticServer({ root: join(repoRoot, variant.outDir), port: variant.port, spa: variant.name === 'settings-standalone' }));
}
console.log(`e2e stack ready (API data in ${dataDir})`);

const stop = () => {
  servers.forEach((server) => server.close());
  fakeBroker.kill('SIGTERM');
  void api.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
