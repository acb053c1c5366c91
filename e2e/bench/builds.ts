/**
 * The bench's own production builds, in e2e/.bench/apps (gitignored), so a bench never touches dist/ or
 * the browser tests' builds. `host-floor` is the host with antd and its icons replaced by a stub
 * (CRM_ANTD_STUB, see shared/build/webpack.ts): the baseline the login page's size is compared with.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apps, repoRoot, type AppInfo } from '../stack/apps.ts';
import { buildApp } from '../stack/build.ts';

export const benchDir = join(repoRoot, 'e2e', '.bench');
export const floorFolder = 'host-floor';

export const benchDistOf = (folder: string) => join(benchDir, 'apps', folder);

type BenchBuild = { app: AppInfo; folder: string; env: Record<string, string> };

function benchBuilds(withFloor: boolean): BenchBuild[] {
  const builds = apps.map((app) => ({ app, folder: app.folder, env: {} }));
  const host = apps.find((app) => app.folder === 'host');
  if (!host) throw new Error('no host app');
  return withFloor ? [...builds, { app: host, folder: floorFolder, env: { CRM_ANTD_STUB: '1' } }] : builds;
}

/** The file a finished build always ends with (a failed or interrupted build leaves none). */
function builtMarker(build: BenchBuild): string {
  return join(benchDistOf(build.folder), build.app.folder === 'host' ? 'index.html' : 'mf-manifest.json');
}

/**
 * Builds the apps one after another (2 cores). `rebuild: false` keeps a build that is present, so
 * `bench:nav` can reuse what `bench:bundle` built; its age is printed so a stale build is visible.
 */
export function ensureBenchBuilds(options: { withFloor: boolean; rebuild: boolean }): void {
  for (const build of benchBuilds(options.withFloor)) {
    const marker = builtMarker(build);
    if (!options.rebuild && existsSync(marker)) {
      const minutes = (Date.now() - statSync(marker).mtimeMs) / 60_000;
      console.log(`reusing ${build.folder} (built ${minutes.toFixed(0)} min ago)`);
      continue;
    }
    buildApp(build.app, { ...build.env, CRM_OUT_DIR: benchDistOf(build.folder) });
  }
}
