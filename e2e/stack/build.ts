/** Builds the apps one after another (2 cores: parallel webpack builds only slow each other down). */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apps, repoRoot, type AppInfo } from './apps.ts';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => (entry === 'node_modules' || entry === 'dist' ? newest : Math.max(newest, newestMtime(join(path, entry)))), info.mtimeMs);
}

/** True when dist/ is older than the app's or the shared package's sources. */
export function isStale(app: AppInfo): boolean {
  const built = join(repoRoot, app.folder, 'dist', app.folder === 'host' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(built)) return true;
  const sources = Math.max(
    newestMtime(join(repoRoot, app.folder, 'src')),
    newestMtime(join(repoRoot, app.folder, 'public')),
    newestMtime(join(repoRoot, 'shared', 'src')),
    newestMtime(join(repoRoot, 'shared', 'build')),
  );
  return sources > statSync(built).mtimeMs;
}

export function buildApp(app: AppInfo, env: Record<string, string> = {}): void {
  const started = Date.now();
  const result = spawnSync('pnpm', ['--filter', `@crm/${app.folder}`, 'build'], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stdout);
    throw new Error(`build of ${app.folder} failed`);
  }
  const label = env['CRM_OUT_DIR'] ? ` → ${env['CRM_OUT_DIR']}` : '';
  console.log(`built ${app.folder}${label} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Production builds of the apps whose dist/ is missing or older than their sources. */
export function buildStale(): void {
  for (const app of apps) if (isStale(app)) buildApp(app);
}
