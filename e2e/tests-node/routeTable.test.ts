/** The route table is the one source of truth: every page it names is exposed by its remote. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagesOf, remoteNames, routeTable } from '@crm/shared/routes';
import { apps, repoRoot } from '../stack/apps.ts';

const folderOf = (remote: string) => apps.find((app) => app.federationName === remote)?.folder;

// The spec's 32, the affiliate company page (issue 32), the caps board and the distribution rules (issue 33), the reports (issue 35).
test('the table lists the 36 protected routes, each path once', () => {
  assert.equal(routeTable.length, 36);
  assert.equal(new Set(routeTable.map((route) => route.path)).size, 36);
});

test("every route's page exists in its remote's exposes and default-exports a component", () => {
  for (const route of routeTable) {
    const folder = folderOf(route.remote);
    assert.ok(folder, `no app for ${route.remote}`);
    const file = join(repoRoot, folder, 'src', 'exposes', `${route.page}.tsx`);
    assert.ok(existsSync(file), `${route.remote} does not expose ${route.page} (${file})`);
    assert.match(readFileSync(file, 'utf8'), /export default function \w+/, `${file} has no default export`);
  }
});

test("each remote's webpack config exposes exactly the pages the table gives it", () => {
  for (const remote of remoteNames) {
    const folder = folderOf(remote);
    assert.ok(folder);
    const config = readFileSync(join(repoRoot, folder, 'webpack.config.ts'), 'utf8');
    assert.match(config, new RegExp(`exposes: exposesOf\\(pagesOf\\('${remote}'\\)\\)`), `${folder} derives its exposes from the route table`);
    assert.ok(pagesOf(remote).length > 0);
  }
});
