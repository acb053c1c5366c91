/**
 * One open `GET /api/events`: Server-Sent Events to one session. Every event is checked against the receiver when it
 * is sent, not only when the stream opened: the session must still be valid (a logged-out, revoked or expired token
 * ends the stream) and a permission event's permission still held. The check goes through the process's session
 * cache (auth/sessionCache.ts), so it costs a lookup at most once per `AUTH_CACHE_MS` per session, not one per event,
 * and the lookups of many streams at once go as one statement (sessionChecks.ts).
 * Heartbeats (a `heartbeat` event, `data: {}`, with no id) keep proxies from closing a quiet stream, check the session
 * too, and tell the client the connection is alive: an EventSource cannot see a comment, and a half-open connection
 * (a laptop that slept, a proxy that dropped it silently) would otherwise look open to it forever.
 */
import type { Writable } from 'node:stream';
import type { StreamReady } from '@crm/shared/contract';
import type { AuthContext } from '../../http/access.ts';
import type { Subscriber } from './hub.ts';
import type { StoredEvent } from './store.ts';

/** An SSE message without an id: it does not move the client's `Last-Event-ID`. */
const heartbeatMessage = 'event: heartbeat\ndata: {}\n\n';

/** Past this much unsent output the client is not reading: the stream ends, and the client resumes where it was. */
const maxBuffered = 1_048_576;

export type StreamOptions = {
  userId: number;
  /** The session's current access, or null once it has ended: at once when the session cache holds it, else a lookup. */
  check: () => AuthContext | null | Promise<AuthContext | null>;
  onEnd: () => void;
};

const receives = (auth: AuthContext, event: StoredEvent): boolean =>
  (event.userId === null || event.userId === auth.userId) && (event.permission === null || auth.permissions.includes(event.permission));

export class EventStream implements Subscriber {
  readonly userId: number;
  /** The last event id dealt with: sent, or passed over as not for this receiver. */
  private position = 0;
  /** Until `open` has sent what the stream resumes with, live events wait here. */
  private waiting: StoredEvent[] | null = [];
  private queue: Promise<void> = Promise.resolve();
  /** Steps in `queue` not yet settled: with none, an event whose check answers at once is sent at once. */
  private queued = 0;
  private ended = false;

  constructor(
    private readonly output: Writable,
    private readonly options: StreamOptions,
  ) {
    this.userId = options.userId;
    output.on('close', () => this.end());
  }

  /** Sends the events missed since the resumed position, then `ready` at `position`, then goes live. */
  async open(missed: readonly StoredEvent[], position: number, ready: StreamReady): Promise<void> {
    for (const event of missed) await this.deliver(event);
    this.position = Math.max(this.position, position);
    this.write(`id: ${this.position}\nevent: ready\ndata: ${JSON.stringify(ready)}\n\n`);
    const waiting = this.waiting ?? [];
    this.waiting = null;
    for (const event of waiting) this.offer(event);
  }

  offer(event: StoredEvent): void {
    if (this.ended) return;
    if (this.waiting) this.waiting.push(event);
    else if (this.queued > 0) this.enqueue(() => this.deliver(event));
    else {
      // Nothing queued to overtake: a thousand streams offered one event cost no promise each.
      try {
        const step = this.deliver(event);
        if (step) this.enqueue(() => step);
      } catch (error) {
        this.fail(error);
      }
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.output.end();
    this.options.onEnd();
  }

  /** One at a time, in order: an event's check must not let a later one overtake it. */
  private enqueue(step: () => void | Promise<void>): void {
    this.queued += 1;
    this.queue = this.queue
      .then(step)
      .catch((error: unknown) => this.fail(error))
      .finally(() => (this.queued -= 1));
  }

  private fail(error: unknown): void {
    console.error('live event stream failed:', error instanceof Error ? error.message : error);
    this.end();
  }

  /** Sends the event if it is for the receiver: at once when the check answers at once, else once it has. */
  private deliver(event: StoredEvent): void | Promise<void> {
    // A resumed stream may be offered again what it resumed with.
    if (this.ended || event.id <= this.position) return;
    this.position = event.id;
    const auth = this.options.check();
    if (auth instanceof Promise) return auth.then((found) => this.send(event, found));
    this.send(event, auth);
  }

  private send(event: StoredEvent, auth: AuthContext | null): void {
    if (!auth) return this.end();
    if (receives(auth, event)) this.write(event.message);
  }

  /**
   * A heartbeat, after what is queued: one tick beats every stream of the process (routes.ts), so their session checks
   * fall due in one turn and go as one statement (sessionChecks.ts), not one per stream at its own moment.
   */
  beat(): void {
    if (!this.ended && !this.waiting) this.enqueue(() => this.heartbeat());
  }

  private async heartbeat(): Promise<void> {
    if (this.ended) return;
    if (!(await this.options.check())) return this.end();
    this.write(heartbeatMessage);
  }

  private write(text: string): void {
    if (this.ended) return;
    this.output.write(text);
    if (this.output.writableLength > maxBuffered) this.end();
  }
}
