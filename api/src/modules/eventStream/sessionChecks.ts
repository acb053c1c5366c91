/**
 * The session checks of this process's live streams, gathered: the checks asked for in one turn of the event loop (an
 * event handed to a thousand streams, heartbeats falling due together) go to the database as one statement instead of
 * one each. Each stream gets what `authenticate` would answer, through the same session cache and as fresh.
 *
 * A session still checked once its cache entry is past half its life is looked up again in the background (with the
 * others due), so that a busy stream never waits for its lookup: without it, the thousand entries filled by one event
 * lapsed together and every `AUTH_CACHE_MS` one event waited for a thousand lookups (bench:events).
 */
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../http/access.ts';
import type { SessionCache } from '../auth/sessionCache.ts';
import { authenticateHashes } from '../auth/sessions.ts';

type Waiter = { resolve(auth: AuthContext | null): void; reject(error: unknown): void };

/** Tokens per statement: a bound on its parameters. */
const maxBatch = 1000;

export class SessionChecks {
  private waiting = new Map<string, Waiter[]>();
  /** Sessions whose refresh is due or under way, and those due (looked up with the next batch). */
  private readonly refreshing = new Set<string>();
  private dueRefresh: string[] = [];
  private scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly cache: SessionCache,
  ) {}

  /** The session's current access (at once when cached), or null once it has ended. */
  check(tokenHash: string): AuthContext | Promise<AuthContext | null> {
    const cached = this.cache.get(tokenHash);
    if (cached) {
      if (this.cache.ageing(tokenHash) && !this.refreshing.has(tokenHash)) {
        this.refreshing.add(tokenHash);
        this.dueRefresh.push(tokenHash);
        this.schedule();
      }
      return cached;
    }
    return new Promise((resolve, reject) => {
      const waiters = this.waiting.get(tokenHash) ?? [];
      waiters.push({ resolve, reject });
      this.waiting.set(tokenHash, waiters);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // After the microtasks of this turn: every stream offered the same event has asked by then.
    setImmediate(() => void this.lookUp());
  }

  private async lookUp(): Promise<void> {
    const batch = this.waiting;
    const refresh = this.dueRefresh;
    this.waiting = new Map();
    this.dueRefresh = [];
    this.scheduled = false;
    const hashes = [...batch.keys()];
    for (let start = 0; start < hashes.length; start += maxBatch) {
      const part = hashes.slice(start, start + maxBatch);
      try {
        const found = await authenticateHashes(this.db, part, this.cache);
        for (const tokenHash of part) for (const waiter of batch.get(tokenHash) ?? []) waiter.resolve(found.get(tokenHash) ?? null);
      } catch (error) {
        for (const tokenHash of part) for (const waiter of batch.get(tokenHash) ?? []) waiter.reject(error);
      }
    }
    for (let start = 0; start < refresh.length; start += maxBatch) {
      const part = refresh.slice(start, start + maxBatch);
      // A failed refresh leaves the entries to lapse: the next check then waits for its own lookup.
      await authenticateHashes(this.db, part, this.cache, true).catch(() => undefined);
    }
    for (const tokenHash of refresh) this.refreshing.delete(tokenHash);
  }
}
