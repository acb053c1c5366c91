/**
 * Items gathered for a moment and handled in one go: the send engine's database writes (claims, outcomes, request log
 * entries) cost one statement per batch instead of one per lead. A batch goes when it holds `maxItems`, or `maxWaitMs`
 * after its first item; `flush` sends what waits now.
 */
type Waiting<Item, Result> = { item: Item; resolve(result: Result): void; reject(error: unknown): void };

export class Batcher<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private timer: { cancel(): void } | null = null;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly handle: (items: Item[]) => Promise<Result[]>,
    private readonly options: { maxItems: number; maxWaitMs: number },
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.options.maxItems) void this.flush();
      else this.timer ??= this.schedule();
    });
  }

  /**
   * The batch's deadline. `maxWaitMs: 0` goes once the current turn of the event loop is over (what it added joins),
   * without the 1 ms floor of a timer.
   */
  private schedule(): { cancel(): void } {
    if (this.options.maxWaitMs === 0) {
      const immediate = setImmediate(() => void this.flush());
      return { cancel: () => clearImmediate(immediate) };
    }
    const timeout = setTimeout(() => void this.flush(), this.options.maxWaitMs);
    return { cancel: () => clearTimeout(timeout) };
  }

  /** Sends what waits, and resolves once every batch under way has been handled. */
  async flush(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length > 0) {
      const run = this.run(batch);
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
    await Promise.all([...this.running]);
  }

  private async run(batch: Waiting<Item, Result>[]): Promise<void> {
    try {
      const results = await this.handle(batch.map((entry) => entry.item));
      batch.forEach((entry, index) => entry.resolve(results[index] as Result));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}
