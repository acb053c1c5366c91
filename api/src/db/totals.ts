/**
 * Totals of lists that may hold millions of rows: counted exactly up to a cap, past it the planner's estimate (what
 * `EXPLAIN` says, no row read, about a millisecond). The list then says "about N", or "more than {cap}" when the
 * estimate came out no higher than the cap.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { EstimatedTotal } from '@crm/shared/contract';
import type { Db } from './database.ts';

/** The statement whose plan gives the estimate of `table`'s rows matching `where`. */
export const estimateStatement = (table: PgTable, where: SQL | undefined): SQL => sql`explain (format json) select 1 from ${table} where ${where ?? sql`true`}`;
export type ExplainedPlan = { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] };
export const estimateOf = (rows: ExplainedPlan[]): number => Math.round(Number(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));

/** A total counted to the end. */
export const countedTotal = (total: number): EstimatedTotal => ({ total, total_estimated: false, total_lower_bound: false });

/**
 * The total of more than `cap` matches: the estimate, or cap + 1 as a lower bound when the planner guessed no more
 * than the cap (stale statistics, a pattern's rough guess).
 */
export const totalPastCap = (cap: number, estimate: number): EstimatedTotal =>
  estimate > cap ? { total: estimate, total_estimated: true, total_lower_bound: false } : { total: cap + 1, total_estimated: true, total_lower_bound: true };

/**
 * Exact up to `cap`; past it the estimate (at least cap + 1). Unfiltered, the table statistics already tell whether
 * the table is far past the cap, so a large table is not counted at all.
 */
export async function cappedTotal(db: Db, table: PgTable, where: SQL | undefined, cap: number): Promise<EstimatedTotal> {
  const estimate = async () => estimateOf((await db.execute<ExplainedPlan>(estimateStatement(table, where))).rows);
  const tableSize = where === undefined ? await estimate() : undefined;
  if (tableSize !== undefined && tableSize > 2 * cap) return totalPastCap(cap, tableSize);
  const counted = await db.execute<{ total: number }>(sql`select count(*)::int as total from (select 1 from ${table} where ${where ?? sql`true`} limit ${cap + 1}) capped`);
  const total = Number(counted.rows[0]?.total ?? 0);
  return total <= cap ? countedTotal(total) : totalPastCap(cap, tableSize ?? (await estimate()));
}
