/**
 * Warns when a pooled connection was held longer than a limit: on the embedded database the pool has one connection,
 * so a long hold stalls every request of the process. The warning names the hold's first statement (which says whose
 * it was) and its slowest one: a slowest statement much shorter than the hold means the holder waited on something else
 * between statements, inside its transaction.
 */
import type pg from 'pg';
import { wrapQueries } from './queryWrap.ts';

type Statement = { text: string; ms: number };
type Hold = { since: number; first: Statement | null; slowest: Statement | null };

const transactionControl = /^\s*(begin|commit|rollback)\b/i;

const statementText = (config: unknown): string => (typeof config === 'string' ? config : typeof config === 'object' && config !== null && 'text' in config ? String(config.text) : '');

/** Shortened on one line only for a warning: every statement passes through the watch. */
const described = (statement: Statement | null) => (statement ? `${statement.ms} ms: ${statement.text.replace(/\s+/g, ' ').trim().slice(0, 200)}` : 'none');

/** Watches `pool`'s holds; `limitMs` 0 watches nothing. To be made before the pool's first connection. */
export function warnOnLongHolds(pool: pg.Pool, limitMs: number): void {
  if (limitMs <= 0) return;
  const holds = new WeakMap<pg.PoolClient, Hold>();
  wrapQueries(pool, (client, config, run) => {
    const result = run(config);
    const hold = holds.get(client);
    if (!hold || !(result instanceof Promise)) return result;
    const text = statementText(config);
    if (transactionControl.test(text)) return result;
    const started = Date.now();
    const settled = () => {
      const statement = { text, ms: Date.now() - started };
      hold.first ??= statement;
      if (!hold.slowest || statement.ms > hold.slowest.ms) hold.slowest = statement;
    };
    result.then(settled, settled);
    return result;
  });
  pool.on('acquire', (client) => holds.set(client, { since: Date.now(), first: null, slowest: null }));
  pool.on('release', (_error, client) => {
    const hold = holds.get(client);
    const heldMs = hold ? Date.now() - hold.since : 0;
    if (!hold || heldMs <= limitMs) return;
    console.warn(`${new Date().toISOString()} database connection held ${heldMs} ms; its first statement (${described(hold.first)}); its slowest (${described(hold.slowest)})`);
  });
}
