import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer(config);

const url = `http://localhost:${config.port}/api`;
const lines = [
  '',
  `Lead console API (${server.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}, role ${config.role})`,
  server.app ? `  API:     ${url}\n  Docs:    ${url}/docs` : '  worker only: no HTTP API in this process',
  `  Admin:   ${config.adminEmail} / ${server.adminPassword ?? '(set when first created; set ADMIN_PASSWORD to choose it)'}`,
  ...server.seed.demoUsers.map((user) => `  Demo:    ${user.email} / ${user.password} (${user.role})`),
  '',
];
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('shutdown failed', error);
        process.exit(1);
      },
    );
  });
}
