/** What the browser tests and their stack agree on. */
import { join } from 'node:path';
import { repoRoot } from './apps.ts';

export const e2eStack = {
  adminEmail: 'admin@example.com',
  adminPassword: 'e2e-admin-password',
  demoPassword: 'demo-password',
  /** The tests' builds live apart from dist/, so `pnpm start` never serves a test build. */
  distOf: (folder: string) => join(repoRoot, 'e2e', '.stack', 'apps', folder),
  /** Short limits so failure cases finish quickly (120 s stays the production default). */
  config: { remoteEntryTimeoutMs: 4_000, chunkLoadTimeoutMs: 4_000, pageLoadDelayMs: 500 },
  /** The fake broker (api/src/dev/fakeBrokerCli.ts) integrations are pointed at. */
  fakeBrokerPort: 4900,
  /** The stack's control (runStack.ts): a test stops and starts its slot's API there, as a deploy or a crash would. */
  controlPort: 4990,
  variants: [
    { name: 'settings-v2', folder: 'mfe-settings', port: 3104, outDir: 'e2e/.stack/mfe-settings-v2', env: { CRM_BUILD_LABEL: 'v2' } },
    { name: 'settings-faulty', folder: 'mfe-settings', port: 3204, outDir: 'e2e/.stack/mfe-settings-faulty', env: { CRM_FAULT: 'render' } },
    { name: 'settings-standalone', folder: 'mfe-settings', port: 3304, outDir: 'e2e/.stack/mfe-settings-standalone', env: { CRM_STANDALONE: '1' } },
  ],
} as const;
