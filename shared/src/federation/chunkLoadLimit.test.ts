import { boundScriptLoads, chunkLoadLimitMs, publishChunkLoadLimit, type LoadScript } from './chunkLoadLimit.ts';
import { setRuntimeConfig } from '../core/runtimeConfig.ts';

type Done = Parameters<LoadScript>[1];

/** A stand-in for webpack's loader: it remembers each caller, and the test says when (and whether) a script ends. */
function manualLoader() {
  const waiting = new Map<string, Done[]>();
  const load: LoadScript = (url, done) => waiting.set(url, [...(waiting.get(url) ?? []), done]);
  const finish = (url: string, type: string) => (waiting.get(url) ?? []).forEach((done) => done({ type, target: { src: url } }));
  return { load, finish };
}

const url = 'http://localhost:3004/123.abc.js';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('a chunk still loading at the configured limit fails as a timeout, for every caller, once', () => {
  const loader = manualLoader();
  const load = boundScriptLoads(loader.load, () => 4_000);
  const first = jest.fn();
  const second = jest.fn();
  load(url, first, 'chunk-123', 123);
  load(url, second, 'chunk-123', 123);
  jest.advanceTimersByTime(3_999);
  expect(first).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(first).toHaveBeenCalledWith({ type: 'timeout', target: { src: url } });
  expect(second).toHaveBeenCalledWith({ type: 'timeout', target: { src: url } });
  // The script arriving late changes nothing for them.
  loader.finish(url, 'load');
  expect(first).toHaveBeenCalledTimes(1);
});

test('a chunk that arrives in time is answered once, and no timeout follows', () => {
  const loader = manualLoader();
  const load = boundScriptLoads(loader.load, () => 4_000);
  const done = jest.fn();
  load(url, done, 'chunk-123', 123);
  loader.finish(url, 'load');
  jest.advanceTimersByTime(10_000);
  expect(done).toHaveBeenCalledTimes(1);
  expect(done).toHaveBeenCalledWith({ type: 'load', target: { src: url } });
});

test('a script whose end never reaches the loader (another loader took its handlers) still times out', () => {
  const load = boundScriptLoads(
    () => undefined,
    () => 4_000,
  );
  const done = jest.fn();
  load(url, done, 'chunk-123', 123);
  jest.advanceTimersByTime(4_000);
  expect(done).toHaveBeenCalledWith({ type: 'timeout', target: { src: url } });
});

test('the limit is the one /config.json gave, published when the config is set', () => {
  publishChunkLoadLimit(120_000);
  setRuntimeConfig({ apiBaseUrl: 'http://localhost:4000/api', remotes: {}, remoteEntryTimeoutMs: 5_000, chunkLoadTimeoutMs: 7_000, pageLoadDelayMs: 0 });
  expect(chunkLoadLimitMs()).toBe(7_000);
});

test('wrapping twice (two runtime plugin calls in one app) keeps one timer', () => {
  const load = boundScriptLoads(manualLoader().load);
  expect(boundScriptLoads(load)).toBe(load);
});
