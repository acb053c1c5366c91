/** The lead search: a page of list rows with their relations, and a total that stops counting at the cap. */
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { LeadListItem, LeadPage } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { leads } from '../../../db/schema/index.ts';
import type { Executor } from '../../../http/resource.ts';
import { leadCountSql, leadPageColumns, leadSearchParts, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';
import { inIdOrder, leadSearchPlan } from './plans.ts';
import { rejectNul } from './guards.ts';
import { isoOrNull, listRelations, type ListRelations } from './relations.ts';

/** A lead row with at least the list columns. */
export type LeadListRow = {
  id: number;
  lead_id: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  phone_normalized: string | null;
  country: string | null;
  language: string | null;
  funnel: string | null;
  source_id: number | null;
  status_id: number | null;
  last_broker_department_id: number | null;
  last_sent_at: Date | null;
  is_fresh: boolean;
  deposit_exists: boolean;
  purchase_amount: string | null;
  api_ftd_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** List items for rows, loading each relation once for all of them. */
export async function toListItems(executor: Executor, rows: readonly LeadListRow[], loaded?: Map<number, ListRelations>): Promise<LeadListItem[]> {
  const relations = loaded ?? (await listRelations(executor, rows.map((row) => row.id)));
  return rows.map((row) => ({
    id: row.id,
    lead_id: row.lead_id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    phone_normalized: row.phone_normalized,
    country: row.country,
    language: row.language,
    funnel: row.funnel,
    source: relations.get(row.id)?.source ?? null,
    status: relations.get(row.id)?.status ?? null,
    tags: relations.get(row.id)?.tags ?? [],
    last_department: relations.get(row.id)?.last_department ?? null,
    last_sent_at: isoOrNull(row.last_sent_at),
    is_fresh: row.is_fresh,
    deposit_exists: row.deposit_exists,
    purchase_amount: row.purchase_amount,
    api_ftd_at: isoOrNull(row.api_ftd_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

/**
 * The planner's row estimate for the search's conditions: what `EXPLAIN` says, no row read (about a millisecond).
 * Good to a few per cent unfiltered (table statistics), rougher for text patterns: hence "about N" in the list.
 */
export async function estimatedMatches(db: Db, where: SQL | undefined): Promise<number> {
  const result = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(sql`explain (format json) select 1 from ${leads} where ${where ?? sql`true`}`);
  return Math.round(Number(result.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0));
}

/** The page's rows and the capped number of matches, fetched the way the plan says (see plans.ts). */
async function pageOf(db: Db, query: ParsedLeadSearchQuery, options: LeadSearchOptions, count = true): Promise<{ data: LeadListItem[]; matches: number }> {
  const plan = leadSearchPlan(query, options);
  const countOf = async (statement: SQL) => Number((await db.execute<{ total: number }>(statement)).rows[0]?.total ?? 0);
  if (plan.kind === 'count-first') {
    const matches = await countOf(plan.count);
    const ids = matches === 0 ? [] : (await db.execute<{ id: number }>(plan.pageIds(matches))).rows.map((row) => Number(row.id));
    if (ids.length === 0) return { data: [], matches };
    // The page's ids are known: its rows and their relations load side by side.
    const [rows, relations] = await Promise.all([db.select(leadPageColumns).from(leads).where(inArray(leads.id, ids)), listRelations(db, ids)]);
    return { data: await toListItems(db, inIdOrder(rows, ids), relations), matches };
  }
  // The same parts `leadSearchSql` renders, run through Drizzle for typed rows. The count runs meanwhile, while
  // the page's relations load: the slower of the two sets the response time, not their sum. (Drizzle queries are
  // lazy thenables that run again on every `then`: started once here, the count runs once.)
  const parts = leadSearchParts(query, options);
  const counting = count ? countOf(plan.count) : Promise.resolve(Number.POSITIVE_INFINITY);
  counting.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled meanwhile
  const rows = await db.select(leadPageColumns).from(leads).where(parts.where).orderBy(...parts.orderBy).limit(parts.limit).offset(parts.offset);
  const data = await toListItems(db, rows);
  return { data, matches: await counting };
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
  const counted = await db.execute<{ total: number }>(leadCountSql(query, undefined, cap));
  const matches = Number(counted.rows[0]?.total ?? 0);
  return matches <= cap ? { data: page.data, total: matches, estimated: false } : { data: page.data, total: Math.max(cap + 1, size), estimated: true };
}
