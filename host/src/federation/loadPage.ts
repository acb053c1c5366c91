/**
 * Loads an exposed page of a remote through the federation runtime, bounded by the configured time,
 * with the page-load delay (first load of a page only). Errors carry what the in-place error
 * shows: which remote, and whether it timed out, was unavailable or lost a chunk.
 */
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadSettings } from './loadSettings.ts';

export type RemoteFailureKind = 'timeout' | 'unavailable' | 'chunk' | 'render';

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly kind: RemoteFailureKind,
    message: string,
    readonly chunk?: string,
    readonly chunkFailureType?: string,
  ) {
    super(message);
    this.name = 'RemoteLoadError';
  }
}

export function registerRemoteManifests(remotes: Record<string, string>): void {
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

const loadedPages = new Set<string>();
let loadsInFlight = 0;

/** Whether a page the user asked for is loading (preloading waits for it: preloadRemotes.ts). */
export const pageLoading = () => loadsInFlight > 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type ChunkLoadError = Error & { type?: string; request?: string };

function classify(remote: string, error: unknown): RemoteLoadError {
  if (error instanceof RemoteLoadError) return error;
  const failure = error as ChunkLoadError;
  const chunk = /Loading chunk (\S+) failed/.exec(failure?.message ?? '');
  if (failure?.name === 'ChunkLoadError' || chunk) {
    return new RemoteLoadError(remote, 'chunk', failure.message, chunk?.[1] ?? '?', failure.type ?? 'error');
  }
  if (/time(d)?\s?out/i.test(failure?.message ?? '')) return new RemoteLoadError(remote, 'timeout', failure.message);
  return new RemoteLoadError(remote, 'unavailable', failure instanceof Error ? failure.message : String(error));
}

export async function loadPage(remote: string, page: string, pageLoadDelayMs: number): Promise<{ default: ComponentType }> {
  const key = `${remote}/${page}`;
  // A last bound over the whole load: the entry's own limit (runtime plugin) and the chunks' own limit
  // (each bundle's chunkLoadTimeout) fire first and say which part failed.
  const timeoutMs = loadSettings.remoteEntryTimeoutMs + loadSettings.chunkLoadTimeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteLoadError(remote, 'timeout', `Loading ${key} timed out after ${timeoutMs} ms`)), timeoutMs);
  });
  const load = loadRemote<{ default?: ComponentType }>(key).then((module) => {
    if (!module?.default) throw new RemoteLoadError(remote, 'unavailable', `${key} is not exposed`);
    return { default: module.default };
  });
  loadsInFlight += 1;
  try {
    const firstLoad = !loadedPages.has(key);
    const [module] = await Promise.race([Promise.all([load, firstLoad ? sleep(pageLoadDelayMs) : Promise.resolve()]), timeout]);
    loadedPages.add(key);
    return module;
  } catch (error) {
    throw classify(remote, error);
  } finally {
    loadsInFlight -= 1;
    clearTimeout(timer);
  }
}
