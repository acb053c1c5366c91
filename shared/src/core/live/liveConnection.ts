/**
 * One Server-Sent Events connection that keeps itself up (no store, no React: startLiveUpdates.ts wires it). Each
 * connection is opened with a fresh one-time ticket, since an EventSource cannot send the bearer header and the
 * browser's own reconnect would reuse a spent ticket: on an error the source is closed and a new ticket and source
 * follow after a backoff (1 s doubling to 30 s, jittered so restarted APIs are not stormed), resuming after the last
 * event seen (`last_event_id`). It is `open` from the server's `ready`, i.e. once the missed events have arrived.
 * The server sends a `heartbeat` every 15 s; a connection silent for `silenceMs` (45 s) is taken for dead and replaced:
 * a half-open connection (a laptop that slept, a proxy that dropped it) raises no error and would look open forever.
 */
import type { LiveStatus } from './liveSlice.ts';

/** The part of EventSource used here, so tests can hand in their own. */
export type LiveSource = {
  addEventListener(kind: string, listener: (message: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
};

export type LiveConnectionOptions = {
  requestTicket(): Promise<string>;
  streamUrl(ticket: string, lastEventId: string | null): string;
  createSource(url: string): LiveSource;
  /** The event kinds to listen to (an EventSource only hands over the named kinds it is asked for). */
  kinds: readonly string[];
  onMessage(kind: string, data: string): void;
  /** The stream is live (`data`: the `ready` payload). */
  onReady(data: string): void;
  onStatus(status: LiveStatus): void;
  /** A ticket failure after which trying again is pointless (the session ended: the HTTP client signs out). */
  isFinal(error: unknown): boolean;
  firstRetryMs?: number;
  maxRetryMs?: number;
  silenceMs?: number;
  random?: () => number;
};

export class LiveConnection {
  private source: LiveSource | null = null;
  private lastEventId: string | null = null;
  private failures = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private watchdog: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private wasOpen = false;

  constructor(private readonly options: LiveConnectionOptions) {}

  start(): void {
    this.options.onStatus('connecting');
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.watchdog) clearTimeout(this.watchdog);
    this.source?.close();
    this.source = null;
    this.options.onStatus('off');
  }

  private async connect(): Promise<void> {
    let ticket: string;
    try {
      ticket = await this.options.requestTicket();
    } catch (error) {
      if (this.options.isFinal(error)) return this.stop();
      return this.dropped();
    }
    if (this.stopped) return;
    const source = this.options.createSource(this.options.streamUrl(ticket, this.lastEventId));
    this.source = source;
    const lost = () => {
      if (this.source !== source) return;
      if (this.watchdog) clearTimeout(this.watchdog);
      source.close();
      this.source = null;
      this.dropped();
    };
    const alive = () => {
      if (this.source !== source) return;
      if (this.watchdog) clearTimeout(this.watchdog);
      this.watchdog = setTimeout(lost, this.options.silenceMs ?? 45_000);
    };
    const seen = (message: MessageEvent<string>) => {
      alive();
      if (message.lastEventId) this.lastEventId = message.lastEventId;
    };
    alive();
    source.addEventListener('heartbeat', alive);
    for (const kind of this.options.kinds) {
      source.addEventListener(kind, (message) => {
        seen(message);
        this.options.onMessage(kind, message.data);
      });
    }
    source.addEventListener('ready', (message) => {
      seen(message);
      this.failures = 0;
      this.wasOpen = true;
      this.options.onStatus('open');
      this.options.onReady(message.data);
    });
    source.onerror = lost;
  }

  private dropped(): void {
    if (this.stopped) return;
    this.options.onStatus(this.wasOpen ? 'reconnecting' : 'connecting');
    const first = this.options.firstRetryMs ?? 1_000;
    const delay = Math.min(this.options.maxRetryMs ?? 30_000, first * 2 ** this.failures);
    this.failures += 1;
    const jitter = 0.8 + 0.4 * (this.options.random ?? Math.random)();
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, delay * jitter);
  }
}
