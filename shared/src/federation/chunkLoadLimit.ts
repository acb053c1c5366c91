/**
 * Every app's runtime plugin that makes /config.json's `chunkLoadTimeoutMs` govern chunk loads. webpack's
 * script loader (`__webpack_require__.l`) bakes the build's `chunkLoadTimeout` in; the build sets that to a backstop
 * only, and this plugin wraps each app's loader so a chunk still loading after the configured limit ends the way
 * webpack's own timer ends it: "Loading chunk {n} failed (timeout: url)".
 *
 * The limit is published when the app reads /config.json (setRuntimeConfig), before any remote is loaded.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ScriptEvent = { type: string; target: { src: string } };
type ScriptDone = (event: ScriptEvent) => void;
/** webpack's `__webpack_require__.l`: loads `url` once (callers of a URL in flight wait for the same script). */
export type LoadScript = (url: string, done: ScriptDone, key?: string, chunkId?: string | number) => void;

const limitKey = Symbol.for('crm.chunkLoadTimeoutMs');
const defaultLimitMs = 120_000;

type LimitHolder = { [limitKey]?: number };

/** /config.json's value, read by every app's loader at each chunk load. */
export function publishChunkLoadLimit(ms: number): void {
  (globalThis as LimitHolder)[limitKey] = ms;
}

export function chunkLoadLimitMs(): number {
  return (globalThis as LimitHolder)[limitKey] ?? defaultLimitMs;
}

const bounded = new WeakSet<LoadScript>();

/**
 * `load` with the configured limit: a caller whose chunk has not arrived by then is told "timeout", as webpack's own
 * timer tells it. The timer answers the caller directly, not through the script element: the federation runtime may
 * have started that script (preloading a page's chunks) and may clear its handlers. An answer after the timeout is
 * dropped.
 */
export function boundScriptLoads(load: LoadScript, limitMs: () => number = chunkLoadLimitMs): LoadScript {
  if (bounded.has(load)) return load;
  const boundedLoad: LoadScript = (url, done, key, chunkId) => {
    let answered = false;
    const answer = (event: ScriptEvent) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      done(event);
    };
    const timer = setTimeout(() => answer({ type: 'timeout', target: { src: url } }), limitMs());
    load(url, answer, key, chunkId);
  };
  bounded.add(boundedLoad);
  return boundedLoad;
}

declare const __webpack_require__: { l?: LoadScript } | undefined;

export default function chunkLoadLimitPlugin(): ModuleFederationRuntimePlugin {
  // Outside a webpack bundle (unit tests) there is no loader to wrap.
  if (typeof __webpack_require__ !== 'undefined' && __webpack_require__?.l) __webpack_require__.l = boundScriptLoads(__webpack_require__.l);
  return { name: 'crm-chunk-load-limit-plugin' };
}
