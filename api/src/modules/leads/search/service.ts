/** The lead search: a page of list items, and a total that stops counting at the cap. */
import type { SQL } from 'drizzle-orm';
import type { EstimatedTotal, LeadListItem, LeadPage } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { countedTotal, estimateOf, estimateStatement, totalPastCap, type ExplainedPlan } from '../../../db/totals.ts';
import { leads } from '../../../db/schema/index.ts';
import { paginationMetaOf } from '../../../http/pagination.ts';
import { leadCountSql, leadSearchParts, type LeadSearchOptions, type LeadSearchParts, type ParsedLeadSearchQuery } from './sql.ts';
import { leadSearchPlan, type LeadSearchPlan } from './plans.ts';

/**
 * Runs one statement and gives its rows. The API runs them through Drizzle (`dbStatements`); the benchmark's baseline
 * runs the very same statements on a bare pg client (index.ts), so the two differ only by what the API adds.
 */
export type RunStatement = <Row extends Record<string, unknown>>(statement: SQL) => Promise<Row[]>;

const dbStatements =
  (db: Db): RunStatement =>
  async <Row extends Record<string, unknown>>(statement: SQL) =>
    (await db.execute<Row>(statement)).rows as Row[];

/**
 * The planner's row estimate for the search's conditions: what `EXPLAIN` says, no row read (about a millisecond).
 * Good to a few per cent unfiltered (table statistics), rougher for text patterns: hence "about N" in the list.
 */
async function estimatedMatches(run: RunStatement, where: SQL | undefined): Promise<number> {
  return estimateOf(await run<ExplainedPlan>(estimateStatement(leads, where)));
}

const countOf = async (run: RunStatement, statement: SQL): Promise<number> => Number((await run<{ total: number }>(statement))[0]?.total ?? 0);
const itemsOf = (run: RunStatement, statement: SQL): Promise<LeadListItem[]> => run<LeadListItem>(statement);

/**
 * The page's items and the capped number of matches, fetched the way the plan says (see plans.ts); past the cap, the
 * estimate of all matches when the plan had it taken meanwhile.
 */
type FoundPage = { data: LeadListItem[]; matches: number; estimate?: number };

/** One search: its query, its options and the parts worked out from them once. */
type Search = { query: ParsedLeadSearchQuery; options: LeadSearchOptions; parts: LeadSearchParts };

async function pageOf(run: RunStatement, { query, options, parts }: Search, count = true): Promise<FoundPage> {
  const plan = leadSearchPlan(query, options, parts);
  if (plan.kind === 'fetch-first') return fetchedPage(run, plan, parts, options);
  // The count runs meanwhile: the slower of the two sets the response time, not their sum.
  const [data, matches] = await Promise.all([itemsOf(run, plan.page), count ? countOf(run, plan.count) : Number.POSITIVE_INFINITY]);
  return { data, matches };
}

/**
 * Past this many times the cap, the estimate of a substring (the planner's, from a sample of a thousand values of the
 * free text: migration 0007) or of an email prefix (its histogram's 1% steps) is taken at its word, as the table
 * statistics are for an unfiltered list: at a million leads that is ten sampled values of a thousand for a substring,
 * ten steps for a prefix, and the matches are then more than the cap beyond reasonable doubt.
 */
const trustedEstimateFactor = 10;

/**
 * The page of an email prefix or a free-text substring. Its estimate comes first (a plan, no row read). Far past the
 * cap, the page is the walk down `created_at`, and nothing is counted. Otherwise the capped fetch of the matches gives
 * the exact total and the page when they are few, and past the cap the walk gives the page. Where the database runs statements side by side,
 * the walk over the newest leads starts at once, beside the estimate and the fetch (dropped when the matches are few).
 * A walk that falls short of a page where the estimate said "many" (stale statistics) leaves the answer to the fetch.
 */
async function fetchedPage(
  run: RunStatement,
  plan: Extract<LeadSearchPlan, { kind: 'fetch-first' }>,
  { cap, limit, where }: LeadSearchParts,
  options: LeadSearchOptions,
): Promise<FoundPage> {
  const newest = options.sideBySide && plan.boundedWalk ? itemsOf(run, plan.boundedWalk) : undefined;
  // Not awaited when the matches are few: its failure must not go unhandled then.
  newest?.catch(() => undefined);
  const walkInOrder = async (): Promise<LeadListItem[]> => {
    const page = await newest;
    return page?.length === limit ? page : itemsOf(run, plan.walk);
  };
  // The page in `created_at` order, walked once at most.
  let walk: Promise<LeadListItem[]> | undefined;
  const walked = () => (walk ??= walkInOrder());
  const estimate = await estimatedMatches(run, where);
  if (estimate > trustedEstimateFactor * cap) {
    const data = await walked();
    if (data.length === limit) return { data, matches: cap + 1, estimate };
  }
  const [fetched] = await run<{ total: number; ids: number[] }>(plan.fetch);
  const matches = Number(fetched?.total ?? 0);
  if (matches <= cap) {
    const ids = fetched?.ids ?? [];
    return { data: ids.length === 0 ? [] : await itemsOf(run, plan.pageOf(ids)), matches };
  }
  return { data: await walked(), matches, estimate };
}

type CountedPage = { data: LeadListItem[]; total: EstimatedTotal };

/** `GET /lead`'s answer, its statements run by `run`. */
export async function searchLeadsWith(run: RunStatement, query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}): Promise<LeadPage> {
  const search: Search = { query, options, parts: leadSearchParts(query, options) };
  const { data, total } = search.parts.where === undefined ? await unfilteredPage(run, search) : await filteredPage(run, search);
  return { data, meta: { ...paginationMetaOf(query, total.total), ...total } };
}

export const searchLeads = (db: Db, query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}): Promise<LeadPage> => searchLeadsWith(dbStatements(db), query, options);

/** Counted up to the cap; past it, the planner's estimate for the conditions. */
async function filteredPage(run: RunStatement, search: Search): Promise<CountedPage> {
  const { cap, where } = search.parts;
  const { data, matches, estimate } = await pageOf(run, search);
  return { data, total: matches <= cap ? countedTotal(matches) : totalPastCap(cap, estimate ?? (await estimatedMatches(run, where))) };
}

/**
 * Unfiltered, the table statistics already say whether there are more leads than the cap: counting thousands of rows
 * to learn it again would be the slowest part of the most common page. The estimate and the page load side by side;
 * only a table within twice the cap is counted.
 */
async function unfilteredPage(run: RunStatement, search: Search): Promise<CountedPage> {
  const { cap } = search.parts;
  const [size, page] = await Promise.all([estimatedMatches(run, undefined), pageOf(run, search, false)]);
  if (size > 2 * cap) return { data: page.data, total: totalPastCap(cap, size) };
  const matches = await countOf(run, leadCountSql(search.query, undefined, cap));
  return { data: page.data, total: matches <= cap ? countedTotal(matches) : totalPastCap(cap, size) };
}
