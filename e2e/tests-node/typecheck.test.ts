/**
 * `pnpm typecheck` checks the shared core, the host and the five remotes as one program (tsconfig.frontends.json:
 * shared's sources are checked once, not once per app) and the API and e2e packages on their own. Every file a
 * package's own `typecheck` checks must be in one of the two, or a type error there would pass CI.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { repoRoot } from '../stack/apps.ts';

type Tsconfig = { extends?: string; include?: string[] };
const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as T;

const workspace = parse(readFileSync(join(repoRoot, 'pnpm-workspace.yaml'), 'utf8')) as { packages: string[] };
const frontends = readJson<Tsconfig>('tsconfig.frontends.json');
const rootTypecheck = readJson<{ scripts: Record<string, string> }>('package.json').scripts['typecheck'] ?? '';

test('the workspace is what this check reads: seven web packages and two others', () => {
  const web = workspace.packages.filter((folder) => readJson<Tsconfig>(`${folder}/tsconfig.json`).extends === '../tsconfig.web.json');
  assert.deepEqual(web.sort(), ['host', 'mfe-brokers', 'mfe-dashboard', 'mfe-leads', 'mfe-management', 'mfe-settings', 'shared']);
});

test("every web package's own includes are in the combined program", () => {
  for (const folder of workspace.packages) {
    const own = readJson<Tsconfig>(`${folder}/tsconfig.json`);
    if (own.extends !== '../tsconfig.web.json') continue;
    for (const include of own.include ?? []) {
      assert.ok(frontends.include?.includes(`${folder}/${include}`), `tsconfig.frontends.json lacks ${folder}/${include}`);
    }
  }
  assert.match(rootTypecheck, /tsc --noEmit -p tsconfig\.frontends\.json/);
});

test('every other package is type-checked by its own script', () => {
  for (const folder of workspace.packages) {
    if (readJson<Tsconfig>(`${folder}/tsconfig.json`).extends === '../tsconfig.web.json') continue;
    const manifest = readJson<{ name: string; scripts: Record<string, string> }>(`${folder}/package.json`);
    assert.ok(manifest.scripts['typecheck'], `${folder} has no typecheck script`);
    assert.ok(rootTypecheck.includes(`--filter ${manifest.name}`), `the root typecheck does not run ${manifest.name}'s`);
  }
});
