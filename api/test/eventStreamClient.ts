/**
 * A Server-Sent Events client for the tests: `GET /api/events` on a listening app, read as a stream (fetch), parsed into
 * messages. `next` waits for the next message that is not a heartbeat; `ended` settles when the server ends the stream.
 */
import { SseReader, type SseMessage } from '../src/dev/sseMessage.ts';

export type { SseMessage };

export type OpenStream = {
  status: number;
  /** The JSON body of a refused request. */
  body: unknown;
  headers: Headers;
  next(timeoutMs?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream (true), or false after `timeoutMs` while it is still open. */
  ended(timeoutMs: number): Promise<boolean>;
  close(): void;
};

export async function openEventStream(baseUrl: string, options: { query?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<OpenStream> {
  const url = new URL('/api/events', baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const abort = new AbortController();
  const response = await fetch(url, { headers: options.headers ?? {}, signal: abort.signal });
  if (response.status !== 200 || !response.body) {
    return {
      status: response.status,
      body: await response.json(),
      headers: response.headers,
      next: () => Promise.reject(new Error('not a stream')),
      ended: () => Promise.resolve(true),
      close: () => undefined,
    };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const messages: SseMessage[] = [];
  const sse = new SseReader();
  let done = false;
  let notify: () => void = () => undefined;
  const pump = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        messages.push(...sse.push(chunk.value));
        notify();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      notify();
    }
  })();
  const changed = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      notify = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  return {
    status: response.status,
    body: null,
    headers: response.headers,
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const message = messages.shift();
        if (message) return message;
        if (done) throw new Error('the stream ended');
        if (Date.now() >= deadline) throw new Error('no event in time');
        await changed(deadline - Date.now());
      }
    },
    async ended(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!done && Date.now() < deadline) await changed(deadline - Date.now());
      return done;
    },
    close() {
      abort.abort();
      void pump;
    },
  };
}
