/**
 * Items gathered for a moment and handled in one go: one statement (or one transaction) serves many callers. Each
 * caller's promise settles once the batch holding its item has been handled. Two ways to gather:
 * - `maxWaitMs: n` — a batch goes when it holds `maxItems`, or `n` ms after its first item (0: once the current turn of
 *   the event loop is over); batches may run side by side (the send engine's claims, outcomes and log entries);
 * - `maxWaitMs: 'while-busy'` — group commit: a lone item goes at once (or after `gatherMs`, with the items that come
 *   meanwhile), and the items that arrive while a batch is being handled wait and go together in the next one, one batch
 *   at a time (the affiliate API's calls, the distribution's writes). With `paceMs`, under load batches start at most
 *   every `paceMs`: what arrives while one runs waits for the rest of that time too, so a steady stream makes fewer,
 *   larger batches (a transaction's statements cost about the same for 4 items or 20); a lone item is not held back.
 * With `retrySingly`, a batch that fails as a whole is handled again item by item, so one bad item never fails the
 * others. `flush` sends what waits now.
 */
type Waiting<Item, Result> = { item: Item; resolve(result: Result): void; reject(error: unknown): void };

export type BatcherOptions = { maxItems: number; maxWaitMs: number | 'while-busy'; gatherMs?: number; paceMs?: number; retrySingly?: boolean };

export class Batcher<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private timer: { cancel(): void } | null = null;
  private readonly running = new Set<Promise<void>>();
  /** When the last batch started (`paceMs`). */
  private startedAt = 0;

  constructor(
    private readonly handle: (items: Item[]) => Promise<Result[]>,
    private readonly options: BatcherOptions,
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.options.maxWaitMs === 'while-busy') {
        if (this.running.size > 0) return;
        // A gather or the pace under way takes this item with it, unless the batch is full.
        if (this.timer && this.waiting.length < this.options.maxItems) return;
        if (this.options.gatherMs && this.waiting.length < this.options.maxItems) this.timer = this.schedule(this.options.gatherMs);
        else void this.flush();
      } else if (this.waiting.length >= this.options.maxItems) void this.flush();
      else this.timer ??= this.schedule(this.options.maxWaitMs);
    });
  }

  /**
   * The batch's deadline. `maxWaitMs: 0` goes once the current turn of the event loop is over (what it added joins),
   * without the 1 ms floor of a timer.
   */
  private schedule(maxWaitMs: number): { cancel(): void } {
    if (maxWaitMs === 0) {
      const immediate = setImmediate(() => void this.flush());
      return { cancel: () => clearImmediate(immediate) };
    }
    const timeout = setTimeout(() => void this.flush(), maxWaitMs);
    return { cancel: () => clearTimeout(timeout) };
  }

  /** Sends what waits (up to `maxItems` at a time), and resolves once every batch under way has been handled. */
  async flush(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.options.maxItems);
      const run = this.run(batch).finally(() => {
        this.running.delete(run);
        // Group commit: what arrived meanwhile goes next.
        if (this.options.maxWaitMs === 'while-busy' && this.running.size === 0 && this.waiting.length > 0) this.next();
      });
      this.startedAt = Date.now();
      this.running.add(run);
      if (this.options.maxWaitMs === 'while-busy') break;
    }
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  /** The batch after a group commit: at once, or once `paceMs` has passed since the last one started. */
  private next(): void {
    const wait = this.startedAt + (this.options.paceMs ?? 0) - Date.now();
    if (wait > 0 && this.waiting.length < this.options.maxItems) this.timer ??= this.schedule(wait);
    else void this.flush();
  }

  private async run(batch: Waiting<Item, Result>[]): Promise<void> {
    const settle = (entries: Waiting<Item, Result>[], results: Result[]) =>
      entries.forEach((entry, index) => (index < results.length ? entry.resolve(results[index] as Result) : entry.reject(new Error('a batch returned no result for an item'))));
    try {
      settle(batch, await this.handle(batch.map((entry) => entry.item)));
    } catch (error) {
      if (!this.options.retrySingly || batch.length === 1) return batch.forEach((entry) => entry.reject(error));
      for (const entry of batch) {
        await this.handle([entry.item]).then(
          (results) => settle([entry], results),
          (single: unknown) => entry.reject(single),
        );
      }
    }
  }
}
