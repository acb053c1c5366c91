/**
 * Group commit: items submitted while a write is under way wait and go together in the next write, so under load one
 * statement (or one transaction) serves many callers, and a lone item goes at once. Each caller's promise settles only
 * after the write holding its item has finished. With `retrySingly`, a write that fails as a whole is made again item
 * by item, so one bad item never fails its neighbours.
 */
type Waiting<Item, Result> = { item: Item; resolve(result: Result): void; reject(error: unknown): void };

export type GroupCommitOptions = { maxBatch: number; retrySingly: boolean };

export class GroupCommit<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private writing: Promise<void> | null = null;

  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.drain();
    });
  }

  /** Resolves once every item submitted so far is written (a server's close waits for it). */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private drain(): void {
    if (this.writing || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, this.options.maxBatch);
    this.writing = this.writeBatch(batch).finally(() => {
      this.writing = null;
      this.drain();
    });
  }

  private async writeBatch(batch: Waiting<Item, Result>[]): Promise<void> {
    const settle = (entries: Waiting<Item, Result>[], results: Result[]) =>
      entries.forEach((entry, index) => (index < results.length ? entry.resolve(results[index] as Result) : entry.reject(new Error('a grouped write returned no result'))));
    try {
      settle(batch, await this.write(batch.map((entry) => entry.item)));
    } catch (error) {
      if (!this.options.retrySingly || batch.length === 1) return batch.forEach((entry) => entry.reject(error));
      for (const entry of batch) {
        await this.write([entry.item]).then(
          (results) => settle([entry], results),
          (single: unknown) => entry.reject(single),
        );
      }
    }
  }
}
