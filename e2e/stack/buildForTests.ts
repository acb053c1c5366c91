/** Builds the apps for the browser tests (as for production; short limits come from /config.json) and the mfe-settings variants. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apps, repoRoot } from './apps.ts';
import { buildApp } from './build.ts';
import { e2eStack } from './e2eStack.ts';

mkdirSync(join(repoRoot, 'e2e', '.stack'), { recursive: true });
for (const app of apps) buildApp(app, { CRM_OUT_DIR: e2eStack.distOf(app.folder) });
for (const variant of e2eStack.variants) {
  const app = apps.find((candidate) => candidate.folder === variant.folder);
  if (!app) throw new Error(`unknown app ${variant.folder}`);
  buildApp(app, { ...variant.env, CRM_OUT_DIR: join(repoRoot, variant.outDir) });
}
