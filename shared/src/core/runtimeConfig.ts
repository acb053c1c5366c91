/**
 * What the host reads from /config.json at start (replaceable per environment without a rebuild), with
 * the defaults of docs/product.md#constants. Shared by the host and every remote through the singleton @crm/shared.
 */
import { publishChunkLoadLimit } from '../federation/chunkLoadLimit.ts';

export type RuntimeConfig = {
  apiBaseUrl: string;
  /** Remote name → URL of its mf-manifest.json (or remoteEntry.js). */
  remotes: Record<string, string>;
  remoteEntryTimeoutMs: number;
  chunkLoadTimeoutMs: number;
  pageLoadDelayMs: number;
};

export const defaults = {
  requestTimeoutMs: 120_000,
  logoutAfterUnauthorizedMs: 3_000,
  profileFirstFetchMs: 100,
  profileRefreshMs: 30_000,
  optionCycleMs: 60_000,
  optionStepMs: 2_500,
  pageLoadDelayMs: 500,
  loginRedirectDelayMs: 1_000,
  remoteLoadTimeoutMs: 120_000,
  activityIdleMs: 30_000,
  pollingIdleMs: 900_000,
  translationCacheMs: 60_000,
  translationRefreshMs: 120_000,
  toastDurationMs: 3_000,
} as const;

/** The api subdomain of the site host plus /api; a fixed api host for localhost. */
export function defaultApiBaseUrl(location: Pick<Location, 'protocol' | 'hostname'>): string {
  const { protocol, hostname } = location;
  if (hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]') return 'http://localhost:4000/api';
  return `${protocol}//api.${hostname.replace(/^www\./, '')}/api`;
}

let current: RuntimeConfig | null = null;

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
  // Every app's chunk loader reads it at each load (its webpack runtime cannot reach this module).
  publishChunkLoadLimit(config.chunkLoadTimeoutMs);
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('runtime config not loaded yet');
  return current;
}

/** Merges a fetched config.json over the defaults, ignoring fields of the wrong type. */
export function parseRuntimeConfig(raw: unknown, location: Pick<Location, 'protocol' | 'hostname'>): RuntimeConfig {
  const value = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const number = (key: string, fallback: number) => (typeof value[key] === 'number' && Number.isFinite(value[key]) ? (value[key] as number) : fallback);
  const remotes = value['remotes'] && typeof value['remotes'] === 'object' ? (value['remotes'] as Record<string, unknown>) : {};
  return {
    apiBaseUrl: typeof value['apiBaseUrl'] === 'string' && value['apiBaseUrl'] ? value['apiBaseUrl'] : defaultApiBaseUrl(location),
    remotes: Object.fromEntries(Object.entries(remotes).filter((entry): entry is [string, string] => typeof entry[1] === 'string')),
    remoteEntryTimeoutMs: number('remoteEntryTimeoutMs', defaults.remoteLoadTimeoutMs),
    chunkLoadTimeoutMs: number('chunkLoadTimeoutMs', defaults.remoteLoadTimeoutMs),
    pageLoadDelayMs: number('pageLoadDelayMs', defaults.pageLoadDelayMs),
  };
}
