/** Starts the API, as production runs it (its build), as a child process and waits until it answers /api/health. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './apps.ts';

/** Runs one of the API's scripts to completion (same environment as the API) and fails if it fails. */
export async function runApiScript(script: string, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: join(repoRoot, 'api'), env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
}

export type RunningApi = { process: ChildProcess; output(): string; stop(): Promise<void> };

let built = false;

/** Builds the API (api/build.ts: a second or so) into api/dist, once per process (a rebuild under a running API's feet could hand it half a file). */
function buildApi(): void {
  if (built) return;
  built = true;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: join(repoRoot, 'api'), stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`building the API failed (exit code ${result.status})`);
}

/** `logPrefix`: print the API's output, each line after this prefix (otherwise it is only kept for `output()`). */
export async function startApi(options: { port: number; env: Record<string, string>; logPrefix?: string }): Promise<RunningApi> {
  buildApi();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: join(repoRoot, 'api'),
    env: { ...process.env, PORT: String(options.port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (options.logPrefix !== undefined) for (const line of chunk.toString().trimEnd().split('\n')) console.log(`${options.logPrefix}${line}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited during start:\n${output}`);
    const healthy = await fetch(`http://127.0.0.1:${options.port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the API did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
