/**
 * Items gathered for a moment and handled in one go: the send engine's database writes (claims, outcomes, request log
 * entries) cost one statement per batch instead of one per lead. A batch goes when it holds `maxItems`, or `maxWaitMs`
 * after its first item; `flush` sends what waits now.
 */
type Waiting<Item, Result> = { item: Item; resolve(result: Result): void; reject(error: unknown): void };

export class Batcher<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly handle: (items: Item[]) => Promise<Result[]>,
    private readonly options: { maxItems: number; maxWaitMs: number },
  ) {}

  add(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.waiting.length >= this.options.maxItems) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.options.maxWaitMs);
    });
  }

  /** Sends what waits, and resolves once every batch under way has been handled. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
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
