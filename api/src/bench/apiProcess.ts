/** The API as it runs in production, started by a benchmark: its build in its own process (`dist/main.js`). */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { apiDirectory, buildApi, outputDirectory, productionNodeFlags } from '../../build.ts';

export const benchAdmin = { email: 'bench@example.com', password: 'bench-leads-password-1' };

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export type ApiProcess = { address: string; process: ChildProcess };

/**
 * Builds the API (once per call; the build is incremental) and starts it on the database: web role by default, no demo
 * seeding, quiet logs. A worker has no HTTP: it is ready once it has migrated (give it a database a web process has).
 */
export async function startApi(databaseUrl: string, options: { role?: 'web' | 'worker'; build?: boolean } = {}): Promise<ApiProcess> {
  if (options.build !== false) await buildApi();
  const port = await freePort();
  // BENCH_PROFILE_DIR: each process writes a CPU profile there when it exits (not when killed).
  const profile = process.env['BENCH_PROFILE_DIR'] ? ['--cpu-prof', `--cpu-prof-dir=${process.env['BENCH_PROFILE_DIR']}`] : [];
  const child = spawn(process.execPath, [...productionNodeFlags, ...profile, join(apiDirectory, outputDirectory, 'main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_ROLE: options.role ?? 'web',
      DEMO_SEED: 'false',
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: benchAdmin.email,
      ADMIN_PASSWORD: benchAdmin.password,
      LOGIN_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', options.role === 'worker' ? 'pipe' : 'ignore', 'inherit'],
  });
  const address = `http://127.0.0.1:${port}`;
  if (options.role === 'worker') {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let attempt = 0; attempt < 120 && !output.includes('worker only'); attempt++) {
      if (child.exitCode !== null) throw new Error(`the worker exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return { address, process: child };
  }
  for (let attempt = 0; attempt < 120; attempt++) {
    const ready = await fetch(`${address}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { address, process: child };
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('the API did not start within 60 s');
}
