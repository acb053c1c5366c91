/**
 * One per API process: listens on the events channel once and, when woken, reads the events past the last it saw once
 * (however many streams are open and however many notifications came meanwhile) and hands each to the open streams of
 * its user, or to every stream for a broadcast. Each stream then checks its receiver (stream.ts). Reads start at least
 * `minReadGapMs` apart: under a busy intake every commit notifies, and one read then serves many of them.
 */
import type { Db } from '../../db/database.ts';
import type { Listen } from '../../db/listen.ts';
import { eventsChannel } from '../events/publish.ts';
import { eventsAfter, eventBounds, type StoredEvent } from './store.ts';

export type Subscriber = { readonly userId: number; offer(event: StoredEvent): void };

const readBatch = 500;
const retryMs = 1000;
/** What a live update may wait for company: bench:distribution's intake notified each API process 120 times a second. */
const minReadGapMs = 50;

export class EventHub {
  private lastSeen = 0;
  private readonly byUser = new Map<number, Set<Subscriber>>();
  private reading: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private gap: NodeJS.Timeout | null = null;
  private lastReadAt = 0;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Db,
    private readonly listen: Listen,
  ) {}

  async start(): Promise<void> {
    // Listening before looking where the events stand: one committed in between wakes the first read.
    // A null notification (the listening connection came back) wakes it too: the rows are the truth.
    this.unlisten = await this.listen(eventsChannel, () => this.wake());
    this.lastSeen = (await eventBounds(this.db)).newest;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.gap) clearTimeout(this.gap);
    await this.unlisten?.();
    await this.reading;
  }

  subscribe(subscriber: Subscriber): void {
    const set = this.byUser.get(subscriber.userId) ?? new Set();
    this.byUser.set(subscriber.userId, set);
    set.add(subscriber);
  }

  unsubscribe(subscriber: Subscriber): void {
    const set = this.byUser.get(subscriber.userId);
    if (set?.delete(subscriber) && set.size === 0) this.byUser.delete(subscriber.userId);
  }

  /** One read at a time, `minReadGapMs` after the last one started; a wake-up during it makes one more after it. */
  private wake(): void {
    if (this.stopped || this.gap) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    const wait = this.lastReadAt + minReadGapMs - Date.now();
    if (wait > 0) {
      this.gap = setTimeout(() => {
        this.gap = null;
        this.wake();
      }, wait);
      return;
    }
    this.again = false;
    this.lastReadAt = Date.now();
    this.reading = this.readNew()
      .catch((error: unknown) => {
        console.error('reading live events failed:', error instanceof Error ? error.message : error);
        // Nothing is lost: the next read starts after the last event handed out.
        this.retry ??= setTimeout(() => {
          this.retry = null;
          this.wake();
        }, retryMs);
      })
      .finally(() => {
        this.reading = null;
        if (this.again) this.wake();
      });
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const batch = await eventsAfter(this.db, this.lastSeen, readBatch);
      for (const event of batch) {
        this.lastSeen = event.id;
        this.fanOut(event);
      }
      if (batch.length < readBatch || this.stopped) return;
    }
  }

  private fanOut(event: StoredEvent): void {
    const receivers = event.userId === null ? [...this.byUser.values()] : [this.byUser.get(event.userId)];
    for (const set of receivers) for (const subscriber of set ?? []) subscriber.offer(event);
  }
}
