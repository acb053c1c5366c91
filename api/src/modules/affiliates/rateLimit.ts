/**
 * The per-key rate limit: calls per minute in fixed windows, counted in PostgreSQL (`affiliate_rate_windows`) so that
 * every API process shares one count. Past the limit a call is refused with `RATE_LIMITED` and `Retry-After` (the
 * seconds to the next window); refused calls count too, so a flood stays refused until the window turns.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { affiliateRateWindows } from '../../db/schema/index.ts';
import { Refusal, type CallerCheck } from './publicApi.ts';

const windowMs = 60_000;

export function rateLimit(db: Db, now: () => number = Date.now): CallerCheck {
  return async (_request, caller) => {
    const at = now();
    const windowStart = new Date(at - (at % windowMs));
    const [row] = await db
      .insert(affiliateRateWindows)
      .values({ key_id: caller.keyId, window_start: windowStart, calls: 1 })
      .onConflictDoUpdate({ target: [affiliateRateWindows.key_id, affiliateRateWindows.window_start], set: { calls: sql`${affiliateRateWindows.calls} + 1` } })
      .returning({ calls: affiliateRateWindows.calls });
    if ((row?.calls ?? 0) <= caller.rateLimitPerMinute) return;
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - at) / 1000));
    throw new Refusal(429, 'RATE_LIMITED', `More than ${caller.rateLimitPerMinute} calls a minute with this key: retry in ${retryAfter} s.`, { 'retry-after': String(retryAfter) });
  };
}

/** Drops the windows that have ended (the purge job). */
export async function purgeRateWindows(db: Db, before: Date = new Date(Date.now() - windowMs)): Promise<number> {
  const rows = await db.delete(affiliateRateWindows).where(lt(affiliateRateWindows.window_start, before)).returning({ key: affiliateRateWindows.key_id });
  return rows.length;
}
