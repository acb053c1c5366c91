/**
 * Recently checked sessions, kept for a moment so a burst of requests (a screen loading its lists, a user paging)
 * costs one session lookup instead of one each: a database round trip off every authenticated request.
 *
 * What stays true: this process forgets everything it holds whenever it handles a request that may write (any method
 * but GET / HEAD / OPTIONS: a logout, a revoked session, a changed role), so a change made through this API counts
 * from the next request on. A change made elsewhere (another API process, the database by hand) counts within
 * `ttlMs`. An entry never outlives its session's expiry.
 */
import type { AuthContext } from '../../http/access.ts';

export class SessionCache {
  private readonly entries = new Map<string, { auth: AuthContext; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(tokenHash: string): AuthContext | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until > Date.now()) return entry.auth;
    this.entries.delete(tokenHash);
    return null;
  }

  set(tokenHash: string, auth: AuthContext, expiresAt: Date): void {
    if (this.ttlMs <= 0) return;
    // Bounded memory: past the bound, start over rather than track ages (entries live for seconds anyway).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(tokenHash, { auth, until: Math.min(Date.now() + this.ttlMs, expiresAt.getTime()) });
  }

  /** Whether a held entry is past half its life: a caller that keeps asking can look it up again before it lapses. */
  ageing(tokenHash: string): boolean {
    const entry = this.entries.get(tokenHash);
    return entry !== undefined && entry.until - Date.now() < this.ttlMs / 2;
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }

  clear(): void {
    this.entries.clear();
  }
}
