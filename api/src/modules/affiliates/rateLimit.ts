/**
 * The per-key rate limit: calls per minute in fixed windows, counted in PostgreSQL (`affiliate_rate_windows`) so that
 * every API process shares one count; the count is taken with the key's lookup (`keysForCalls`). Past the limit a call
 * is refused with `RATE_LIMITED` and `Retry-After` (the seconds to the next window); every call with a working key
 * counts, refused ones too, so a flood stays refused until the window turns.
 */
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { affiliateRateWindows } from '../../db/schema/index.ts';

const windowMs = 60_000;

/** The start of the minute `at` falls in. */
export const rateWindowOf = (at: number): Date => new Date(at - (at % windowMs));

/** Null while `calls` (this one included) are within the limit; else the refusal's message and Retry-After seconds. */
export function rateExceeded(calls: number, limitPerMinute: number, at: number): { message: string; retryAfter: number } | null {
  if (calls <= limitPerMinute) return null;
  const retryAfter = Math.max(1, Math.ceil((rateWindowOf(at).getTime() + windowMs - at) / 1000));
  return { message: `More than ${limitPerMinute} calls a minute with this key: retry in ${retryAfter} s.`, retryAfter };
}

/** Drops the windows that have ended (the purge job). */
export async function purgeRateWindows(db: Db, before: Date = new Date(Date.now() - windowMs)): Promise<number> {
  const rows = await db.delete(affiliateRateWindows).where(lt(affiliateRateWindows.window_start, before)).returning({ key: affiliateRateWindows.key_id });
  return rows.length;
}
