/** The lead search's public surface: the route, the service and the SQL the benchmark runs beside the API. */
import type pg from 'pg';
import type { SQL } from 'drizzle-orm';
import type { LeadPage } from '@crm/shared/contract';
import { PgDialect } from 'drizzle-orm/pg-core';
import { leadSearchSql, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';
import { searchLeadsWith, type RunStatement } from './service.ts';

export { searchLeads } from './service.ts';
export { leadSearchPlan, type LeadSearchPlan } from './plans.ts';
export { leadSearchSql, leadSearchParts, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';

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
 * The search exactly as the API runs it (`searchLeadsWith`: the same statements, in the same order and side by side,
 * the estimate past the cap included), on a bare pg pool without the API around it: the benchmark's baseline.
 */
export function runLeadSearchDirectly(pool: pg.Pool, query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}): Promise<LeadPage> {
  const run: RunStatement = async <Row extends Record<string, unknown>>(statement: SQL) => {
    const { text, values } = render(statement);
    return (await pool.query<Row>(text, values)).rows;
  };
  return searchLeadsWith(run, query, options);
}
