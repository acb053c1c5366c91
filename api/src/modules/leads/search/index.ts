/** The lead search's public surface: the route, the service and the SQL the benchmark runs beside the API. */
import type pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { leadSearchParts, leadSearchSql, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';
import { leads } from '../../../db/schema/index.ts';
import { inIdOrder, leadSearchPlan } from './plans.ts';

export { leadSearchRoutes } from './routes.ts';
export { searchLeads, toListItems, type LeadListRow } from './service.ts';
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
 * email prefixes), on a pg pool without the API around them: the benchmark's baseline. Relations are left out.
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
    const ids = total === 0 ? [] : (await run<{ id: number }>(plan.pageIds(total))).map((row) => Number(row.id));
    const rows = ids.length === 0 ? [] : inIdOrder(await run<{ id: number }>(plan.rowsByIds(ids)), ids);
    return { rows, total };
  }
  const { where, cap } = leadSearchParts(query, options);
  if (where === undefined) {
    // As the API does: unfiltered, the table statistics stand in for the count when they say more than twice the cap.
    const [explained] = await run<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) select 1 from ${leads}`);
    const size = Math.round(Number(explained?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
    if (size > 2 * cap) return { rows: await run(plan.rows), total: size };
  }
  const [rows, count] = await Promise.all([run(plan.rows), run<{ total: number }>(plan.count)]);
  return { rows, total: totalOf(count) };
}
