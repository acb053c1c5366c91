/** The apps of the console and their default ports (same in dev, `pnpm start`, e2e and docker-compose). */
import { fileURLToPath } from 'node:url';
import type { RuntimeConfig } from '@crm/shared';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export type AppInfo = { folder: string; federationName: string; port: number };

export const apps: readonly AppInfo[] = [
  { folder: 'host', federationName: 'host', port: 3000 },
  { folder: 'mfe-leads', federationName: 'mfe_leads', port: 3001 },
  { folder: 'mfe-brokers', federationName: 'mfe_brokers', port: 3002 },
  { folder: 'mfe-management', federationName: 'mfe_management', port: 3003 },
  { folder: 'mfe-settings', federationName: 'mfe_settings', port: 3004 },
  { folder: 'mfe-dashboard', federationName: 'mfe_dashboard', port: 3005 },
];

export const remotes = apps.filter((app) => app.folder !== 'host');
export const apiPort = 4000;
export const apiBaseUrl = `http://localhost:${apiPort}/api`;

export type HostConfig = RuntimeConfig;

export function hostConfig(overrides: Partial<HostConfig> = {}): HostConfig {
  return {
    apiBaseUrl,
    remotes: Object.fromEntries(remotes.map((app) => [app.federationName, `http://localhost:${app.port}/mf-manifest.json`])),
    remoteEntryTimeoutMs: 120_000,
    chunkLoadTimeoutMs: 120_000,
    pageLoadDelayMs: 500,
    ...overrides,
  };
}
