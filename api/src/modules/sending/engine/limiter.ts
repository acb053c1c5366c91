/** At most `limit` tasks at once, the rest waiting in order: the per-integration concurrency of sending. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private limit: number) {}

  setLimit(limit: number): void {
    this.limit = limit;
    while (this.running < this.limit) {
      const next = this.waiting.shift();
      if (!next) return;
      this.running += 1;
      next();
    }
  }

  async run<Result>(task: () => Promise<Result>): Promise<Result> {
    // A waiter is woken with the slot of the task that finished: `running` already counts it.
    if (this.running < this.limit) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.running <= this.limit ? this.waiting.shift() : undefined;
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** One limiter per integration, shared by every job of this process. */
export class IntegrationLimiters {
  private readonly limiters = new Map<number, Limiter>();

  for(integrationId: number, limit: number): Limiter {
    let limiter = this.limiters.get(integrationId);
    if (!limiter) {
      limiter = new Limiter(limit);
      this.limiters.set(integrationId, limiter);
    } else limiter.setLimit(limit);
    return limiter;
  }
}
