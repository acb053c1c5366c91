/** The lead search: a page of list items, and a total that stops counting at the cap. */
import { sql, type SQL } from 'drizzle-orm';
import type { LeadListItem, LeadPage } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { leads } from '../../../db/schema/index.ts';
import { leadCountSql, leadSearchParts, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';
import { leadSearchPlan } from './plans.ts';
import { rejectNul } from './guards.ts';

/**
 * The planner's row estimate for the search's conditions: what `EXPLAIN` says, no row read (about a millisecond).
 * Good to a few per cent unfiltered (table statistics), rougher for text patterns: hence "about N" in the list.
 */
export async function estimatedMatches(db: Db, where: SQL | undefined): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) select 1 from ${leads} where ${where ?? sql`true`}`);
  return Math.round(Number(result.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
}

const countOf = async (db: Db, statement: SQL): Promise<number> => Number((await db.execute<{ total: number }>(statement)).rows[0]?.total ?? 0);
const itemsOf = async (db: Db, statement: SQL): Promise<LeadListItem[]> => (await db.execute<LeadListItem>(statement)).rows;

/** The page's items and the capped number of matches, fetched the way the plan says (see plans.ts). */
async function pageOf(db: Db, query: ParsedLeadSearchQuery, options: LeadSearchOptions, count = true): Promise<{ data: LeadListItem[]; matches: number }> {
  const plan = leadSearchPlan(query, options);
  if (plan.kind === 'count-first') {
    const matches = await countOf(db, plan.count);
    return { data: matches === 0 ? [] : await itemsOf(db, plan.page(matches)), matches };
  }
  // The count runs meanwhile: the slower of the two sets the response time, not their sum.
  const [data, matches] = await Promise.all([itemsOf(db, plan.page), count ? countOf(db, plan.count) : Number.POSITIVE_INFINITY]);
  return { data, matches };
}

type CountedPage = { data: LeadListItem[]; total: number; estimated: boolean };

export async function searchLeads(db: Db, query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}): Promise<LeadPage> {
  rejectNul(query);
  const { data, total, estimated } = leadSearchParts(query, options).where === undefined ? await unfilteredPage(db, query, options) : await filteredPage(db, query, options);
  return {
    data,
    meta: { current_page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)), total_estimated: estimated },
  };
}

/** Counted up to the cap; past it, the planner's estimate for the conditions. */
async function filteredPage(db: Db, query: ParsedLeadSearchQuery, options: LeadSearchOptions): Promise<CountedPage> {
  const { cap, where } = leadSearchParts(query, options);
  const { data, matches } = await pageOf(db, query, options);
  if (matches <= cap) return { data, total: matches, estimated: false };
  return { data, total: Math.max(cap + 1, await estimatedMatches(db, where)), estimated: true };
}

/**
 * Unfiltered, the table statistics already say whether there are more leads than the cap: counting thousands of rows
 * to learn it again would be the slowest part of the most common page. The estimate and the page load side by side;
 * only a table within twice the cap is counted.
 */
async function unfilteredPage(db: Db, query: ParsedLeadSearchQuery, options: LeadSearchOptions): Promise<CountedPage> {
  const { cap } = leadSearchParts(query, options);
  const [size, page] = await Promise.all([estimatedMatches(db, undefined), pageOf(db, query, options, false)]);
  if (size > 2 * cap) return { data: page.data, total: size, estimated: true };
  const matches = await countOf(db, leadCountSql(query, undefined, cap));
  return matches <= cap ? { data: page.data, total: matches, estimated: false } : { data: page.data, total: Math.max(cap + 1, size), estimated: true };
}
