/** The lead search's public surface: the route, the service and the SQL the benchmark runs beside the API. */
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { leadSearchParts, leadSearchSql, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';
import { leads } from '../../../db/schema/index.ts';
import { leadSearchPlan } from './plans.ts';

export { leadSearchRoutes } from './routes.ts';
export { searchLeads } from './service.ts';
export { listItemsByIds } from './listItems.ts';
export { fewMatches, leadSearchPlan, narrowsByEmailPrefix, type LeadSearchPlan } from './plans.ts';
export { leadSearchSql, leadSearchWhere, leadSearchOrder, leadSearchParts, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';

const dialect = new PgDialect();
type Statement = { text: string; values: unknown[] };
const render = (statement: SQL): Statement => {
  const { sql, params } = dialect.sqlToQuery(statement);
  return { text: sql, values: params };
};

/** The plain plan's statements as text and parameters (page rows and capped count), for a pg client or EXPLAIN. */
export function leadSearchStatements(query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}): { rows: Statement; count: Statement } {
  const { rows, count } = leadSearchSql(query, options);
  return { rows: render(rows), count: render(count) };
}

/**
 * Runs the statements the API runs for a search, in the same order (see plans.ts: side by side, or count first for
 * email prefixes and substrings), on a pg pool without the API around them: the benchmark's baseline.
 */
export async function runLeadSearchDirectly(pool: pg.Pool, query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}): Promise<{ rows: unknown[]; total: number }> {
  const plan = leadSearchPlan(query, options);
  const run = async <Row extends pg.QueryResultRow>(statement: SQL) => {
    const { text, values } = render(statement);
    return (await pool.query<Row>(text, values)).rows;
  };
  const totalOf = (rows: { total: number }[]) => Number(rows[0]?.total ?? 0);
  if (plan.kind === 'count-first') {
    const total = totalOf(await run<{ total: number }>(plan.count));
    return { rows: total === 0 ? [] : await run(plan.page(total)), total };
  }
  const { where, cap } = leadSearchParts(query, options);
  if (where === undefined) {
    // As the API does: unfiltered, the table statistics stand in for the count when they say more than twice the cap.
    const [[explained], rows] = await Promise.all([run<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) select 1 from ${leads}`), run(plan.page)]);
    const size = Math.round(Number(explained?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
    if (size > 2 * cap) return { rows, total: size };
    return { rows, total: totalOf(await run<{ total: number }>(plan.count)) };
  }
  const [rows, count] = await Promise.all([run(plan.page), run<{ total: number }>(plan.count)]);
  return { rows, total: totalOf(count) };
}
