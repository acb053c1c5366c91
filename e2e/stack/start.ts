/**
 * `pnpm start`: the whole product on this machine — builds what is stale, then runs the API (embedded
 * database in api/data unless DATABASE_URL is set), the host and the five remotes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApi } from './api.ts';
import { apiPort, hostConfig, repoRoot } from './apps.ts';
import { buildStale } from './build.ts';
import { serveApps } from './serveApps.ts';

buildStale();

const stateDir = join(repoRoot, 'api', 'data');
mkdirSync(stateDir, { recursive: true });
const hostConfigFile = join(stateDir, 'host-config.json');
writeFileSync(hostConfigFile, JSON.stringify(hostConfig(), null, 2));

const api = await startApi({ port: apiPort, env: {} });
const servers = await serveApps({ hostConfigFile });
const credentials = api
  .output()
  .split('\n')
  .filter((line) => /^\s+(Admin|Demo|Docs):/.test(line));
console.log(['', 'Lead console is running:', '  Console: http://localhost:3000', ...credentials, '', 'Ctrl+C stops everything.', ''].join('\n'));

const stop = () => {
  servers.forEach((server) => server.close());
  void api.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
