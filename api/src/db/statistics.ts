/**
 * Planner statistics of tables that were small when last analyzed. PostgreSQL plans every statement, and caches the
 * plan of each foreign-key check per connection, from the row count ANALYZE last saw. A table analyzed while nearly
 * empty (a fresh console) and then filled by a job (an import's leads, a send's queued rows) is still taken for a
 * handful of rows until autovacuum catches up, or forever where it is off: foreign-key checks and joins then read the
 * whole table for each row. Measured: import batches from 53 ms to 430 ms by the tenth; a send's chunk of 200 leads
 * 40 ms to 1 s, and its outcome writes a hash of every lead for each batch of three.
 */
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor } from './database.ts';

/** Below this many rows as last analyzed, a job refreshes the table's statistics; a larger table has them already. */
const smallTableRows = 100_000;

/** Analyzes `table` when its statistics say it holds fewer than `smallTableRows` rows (a few ms to ~1 s). */
export async function refreshSmallTableStatistics(db: Db, table: PgTable): Promise<void> {
  const result = await db.execute<{ estimate: number }>(sql`select reltuples::float8 as estimate from pg_class where oid = ${getTableName(table)}::regclass`);
  if (Number(result.rows[0]?.estimate ?? -1) < smallTableRows) await db.execute(sql`analyze ${table}`);
}

/**
 * Analyzes tables a bulk write has just filled (an import's leads and failed leads), whatever their size: autovacuum
 * analyzes only once 10 % of a table has changed and some time later, and until then the lead search's estimated
 * counts came from the statistics before the write (200,000 rows imported, "about 72,222 leads").
 */
export async function analyzeAfterBulkWrite(db: Executor, ...tables: PgTable[]): Promise<void> {
  await db.execute(
    sql`analyze ${sql.join(
      tables.map((table) => sql`${table}`),
      sql`, `,
    )}`,
  );
}

/**
 * Those of `tables` whose activity count (a `pg_stat_user_tables` column) passed 50 rows + `share` of their rows; with
 * `extra`, those that also meet it (a condition on `s`, the statistics row, and `c`, the table's `pg_class` row).
 */
async function tablesPast(db: Executor, tables: readonly PgTable[], count: 'n_mod_since_analyze' | 'n_dead_tup', share: number, extra = sql`true`): Promise<PgTable[]> {
  const names = tables.map((table) => getTableName(table));
  const past = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_stat_user_tables as s join pg_class as c on c.oid = s.relid
     where s.relid = any(${`{${names.join(',')}}`}::regclass[]::oid[]) and s.${sql.raw(count)} > 50 + ${share} * greatest(c.reltuples, 0) and ${extra}`);
  return tables.filter((table) => past.rows.some((row) => row.name === getTableName(table)));
}

/**
 * A table the planner already knows to hold this many rows is analyzed again at most every `reanalyzeGapSeconds`: the
 * plans that go wrong are those made on a nearly empty table, and a queue growing past 10 % every few seconds was
 * analyzed on every sweep (bench:distribution: 12–14 s of ANALYZE a run of 20,000 leads; 2 s with the gap).
 */
const knownRows = 1_000;
const reanalyzeGapSeconds = 60;
/** One process analyzes at a time (the workers sweep alike: two would analyze the same tables one after the other). */
const analyzeLock = 0x616e_616c;

/**
 * Analyzes those of `tables` that changed by more than autovacuum's analyze threshold (50 rows + 10 %) since their last
 * ANALYZE, as autovacuum would: a queue that fills while autovacuum is off (or behind) would otherwise keep the plans
 * made when it was empty — named statements keep a generic plan until the table's statistics change; a table of
 * `knownRows` or more at most every `reanalyzeGapSeconds`. Returns the tables analyzed (none while another process is
 * analyzing).
 */
export async function analyzeChangedTables(db: Db, tables: readonly PgTable[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const locked = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${analyzeLock}) as locked`);
    if (!locked.rows[0]?.locked) return [];
    const lastAnalyzed = sql`coalesce(greatest(s.last_analyze, s.last_autoanalyze), '-infinity'::timestamptz)`;
    const due = await tablesPast(tx, tables, 'n_mod_since_analyze', 0.1, sql`(c.reltuples < ${knownRows} or ${lastAnalyzed} < now() - make_interval(secs => ${reanalyzeGapSeconds}))`);
    if (due.length > 0) await analyzeAfterBulkWrite(tx, ...due);
    return due.map((table) => getTableName(table));
  });
}

/**
 * Vacuums those of `tables` whose dead rows passed autovacuum's threshold (50 rows + 20 %), as autovacuum would, and
 * analyzes them. For tables rewritten all the time where autovacuum is off or behind: the report rollups, whose rows a
 * fold updates again and again, grew 2.5 million dead versions from 300,000 live ones in bench:intake's seed, and every
 * fold's upserts waded through them. Returns the tables vacuumed.
 */
export async function vacuumChangedTables(db: Db, tables: readonly PgTable[]): Promise<string[]> {
  const due = await tablesPast(db, tables, 'n_dead_tup', 0.2);
  // VACUUM runs outside a transaction, one table a statement. Without truncating: a table emptied by every fold (the
  // deltas) would have its end cut each time under an exclusive lock that stalls every writer (bench:distribution -20 %).
  for (const table of due) await db.execute(sql`vacuum (analyze, truncate false) ${table}`);
  return due.map((table) => getTableName(table));
}
