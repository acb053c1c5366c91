/** A pool's connections' `query`, wrapped: what db/prepared.ts and db/holdWatch.ts add to every statement. */
import type pg from 'pg';

/** In place of each query, `around` runs; it calls `run` with the query's config (or a changed one). Before the first connection. */
export function wrapQueries(pool: pg.Pool, around: (client: pg.PoolClient, config: unknown, run: (config: unknown) => unknown) => unknown): void {
  pool.on('connect', (client) => {
    const query: unknown = client.query;
    if (typeof query !== 'function') return;
    Object.defineProperty(client, 'query', {
      configurable: true,
      value(this: pg.PoolClient, config: unknown, ...rest: unknown[]): unknown {
        return around(this, config, (changed) => Reflect.apply(query, this, [changed, ...rest]));
      },
    });
  });
}
