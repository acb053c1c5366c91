import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';
import { HttpError } from './errors.ts';

/**
 * Fixed-window rate limits counted in the database, so every API instance counts the same attempts (an in-memory
 * store would give each instance its own budget).
 */
type Queryable = Pick<pg.Pool, 'query'>;

/** Counts one hit of `key` in its current window: the hits so far and the milliseconds left in the window. */
async function countHit(pool: Queryable, key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> {
  const result = await pool.query<{ hits: number; ttl: number }>(
    `insert into rate_limits as r (key, hits, reset_at) values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
     on conflict (key) do update set
       hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
       reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
     returning hits, greatest(0, (extract(epoch from reset_at - now()) * 1000)::int) as ttl`,
    [key, timeWindowMs],
  );
  const row = result.rows[0];
  return { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindowMs };
}

export function databaseRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      countHit(pool, key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}

/**
 * A second limit on a route that already has @fastify/rate-limit's (which runs one limit per request): a 429 with
 * Retry-After once `keyOf`'s hits pass `max` in the window.
 */
export function extraRateLimit(pool: Queryable, limit: { max: number; timeWindowMs: number; keyOf: (request: FastifyRequest) => string }): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const { current, ttl } = await countHit(pool, limit.keyOf(request), limit.timeWindowMs);
    if (current <= limit.max) return;
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    void reply.header('retry-after', String(seconds));
    throw new HttpError(429, `Too many attempts from this address: try again in ${seconds} seconds.`);
  };
}
