import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

/**
 * A fixed-window rate-limit store in the database, so every API instance counts the same attempts
 * (an in-memory store would give each instance its own budget).
 */
export function databaseRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      pool
        .query<{ hits: number; ttl: number }>(
          `insert into rate_limits as r (key, hits, reset_at) values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
           on conflict (key) do update set
             hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
             reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
           returning hits, greatest(0, (extract(epoch from reset_at - now()) * 1000)::int) as ttl`,
          [key, timeWindow],
        )
        .then(
          (result) => {
            const row = result.rows[0];
            callback(null, { current: row?.hits ?? 1, ttl: row?.ttl ?? timeWindow });
          },
          (error: Error) => callback(error),
        );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore();
    }
  }
  return DatabaseStore;
}
