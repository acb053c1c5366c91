/**
 * At most an integration's `concurrency` calls at once, across every process: each call runs on one of the
 * integration's call slots in PostgreSQL (callSlots.ts), the rest wait in order. A slot that frees up goes straight to
 * this process's next waiting call for a moment after it was taken (`handOverMs`), with no statement; then it is given
 * back, and this process asks again only after `pollMs`, so a process woken by its notification gets its turn. When
 * every slot is taken, a process waits for a slot to be given back: with `listen`, for the notification, looking again
 * every `maxPollMs` (1 s) in any case (a dead process's slots free themselves unannounced); without, looking again
 * after a pause that doubles from `pollMs` up to `maxPollMs`.
 */
import type { Db } from '../../../db/database.ts';
import type { Listen } from '../../../db/listen.ts';
import { CallSlots, callSlotsChannel, type CallSlotOptions } from './callSlots.ts';

type Taken = { slot: number; takenAt: number };
/** Calls waiting per slot from which an integration counts as backlogged (`Limiter.backlogged`): two calls' time. */
const backlogPerSlot = 2;

export type LimiterOptions = CallSlotOptions & { handOverMs?: number; pollMs?: number; maxPollMs?: number };
type Timing = Required<Pick<LimiterOptions, 'handOverMs' | 'pollMs' | 'maxPollMs'>> & {
  /** Slots given back are announced (`listen`): a wait for one looks again only after `maxPollMs`, unless woken. */
  announced: boolean;
};

export class Limiter {
  private readonly waiting: ((taken: Taken) => void)[] = [];
  private filling = false;
  private nudge: (() => void) | null = null;
  /** A slot was given back since the last look. */
  private woken = false;

  constructor(
    private readonly slots: CallSlots,
    private readonly integrationId: number,
    private limit: number,
    private readonly options: Timing,
  ) {}

  /** This process has calls waiting for a slot, `backlogPerSlot` a slot or more: a distribution pass prefers another department. */
  backlogged(): boolean {
    return this.waiting.length >= this.limit * backlogPerSlot;
  }

  setLimit(limit: number): void {
    this.limit = limit;
  }

  async run<Result>(task: () => Promise<Result>): Promise<Result> {
    const taken = await new Promise<Taken>((resolve) => {
      this.waiting.push(resolve);
      void this.fill();
    });
    try {
      return await task();
    } finally {
      this.handBack(taken);
    }
  }

  /** A slot was given back (by any process): a wait for one ends now. */
  wake(): void {
    this.woken = true;
    this.nudge?.();
  }

  private handBack(taken: Taken): void {
    const fresh = taken.slot < this.limit && Date.now() - taken.takenAt < this.options.handOverMs;
    const next = fresh ? this.waiting.shift() : undefined;
    if (next) return next(taken);
    void this.slots.release(this.integrationId, taken.slot).then(() => {
      if (this.waiting.length === 0) return;
      // Given back with calls waiting here: others' turn first.
      setTimeout(() => void this.fill(), this.options.pollMs);
    });
  }

  /** Takes slots for the waiting calls until none waits (one loop per limiter). */
  private async fill(): Promise<void> {
    if (this.filling) return;
    this.filling = true;
    const firstPause = this.options.announced ? this.options.maxPollMs : this.options.pollMs;
    let pause = firstPause;
    try {
      while (this.waiting.length > 0) {
        this.woken = false;
        const numbers = await this.slots.acquire(this.integrationId, this.limit, this.waiting.length).catch((error: unknown) => {
          console.error('taking call slots failed:', error instanceof Error ? error.message : error);
          return [];
        });
        const takenAt = Date.now();
        for (const slot of numbers) {
          const next = this.waiting.shift();
          if (next) next({ slot, takenAt });
          else void this.slots.release(this.integrationId, slot);
        }
        if (numbers.length > 0 || this.waiting.length === 0) {
          pause = firstPause;
          continue;
        }
        // A slot given back while the statement ran: look again at once.
        if (this.woken) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause * (0.5 + Math.random()));
          this.nudge = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.nudge = null;
        pause = Math.min(pause * 2, this.options.maxPollMs);
      }
    } finally {
      this.filling = false;
    }
  }
}

/** One limiter per integration, shared by every job and pass of this process. */
export class IntegrationLimiters {
  private readonly limiters = new Map<number, Limiter>();
  private readonly slots: CallSlots;
  private readonly options: Timing;

  private subscription: Promise<unknown> | null = null;

  /** With `listen`, a process waiting for a slot wakes when one is given back; without, it only polls. */
  constructor(
    db: Db,
    private readonly listen: Listen | null = null,
    options: LimiterOptions = {},
  ) {
    this.slots = new CallSlots(db, options);
    this.options = {
      handOverMs: options.handOverMs ?? 250,
      pollMs: options.pollMs ?? 10,
      maxPollMs: options.maxPollMs ?? (listen ? 1_000 : 200),
      announced: listen !== null,
    };
  }

  for(integrationId: number, limit: number): Limiter {
    this.subscription ??=
      this.listen?.(callSlotsChannel, (payload) => this.wake(payload)).catch((error: unknown) => {
        this.subscription = null;
        console.error('listening for call slots failed:', error instanceof Error ? error.message : error);
      }) ?? null;
    let limiter = this.limiters.get(integrationId);
    if (!limiter) {
      limiter = new Limiter(this.slots, integrationId, limit, this.options);
      this.limiters.set(integrationId, limiter);
    } else limiter.setLimit(limit);
    return limiter;
  }

  /** null: notifications may have been missed (a reconnect), so every limiter looks again. */
  private wake(payload: string | null): void {
    if (payload === null) for (const limiter of this.limiters.values()) limiter.wake();
    else this.limiters.get(Number(payload))?.wake();
  }
}
