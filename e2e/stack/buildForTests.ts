/** Builds the apps for the browser tests (short chunk time-out) and the two mfe-settings variants. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apps, repoRoot } from './apps.ts';
import { buildApp } from './build.ts';
import { e2eStack } from './e2eStack.ts';

const testEnv = { CHUNK_LOAD_TIMEOUT_MS: String(e2eStack.chunkLoadTimeoutMs) };
mkdirSync(join(repoRoot, 'e2e', '.stack'), { recursive: true });
for (const app of apps) buildApp(app, { ...testEnv, CRM_OUT_DIR: e2eStack.distOf(app.folder) });
for (const variant of e2eStack.variants) {
  const app = apps.find((candidate) => candidate.folder === variant.folder);
  if (!app) throw new Error(`unknown app ${variant.folder}`);
  buildApp(app, { ...testEnv, ...variant.env, CRM_OUT_DIR: join(repoRoot, variant.outDir) });
}
