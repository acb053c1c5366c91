/**
 * How a search page is fetched. Most searches run the page query and the capped count side by side and let the planner
 * choose; past the first pages they find the page's ids first (`idsFirstOffset`). Email prefixes (`email`, or a free
 * text of 1–2 letters or digits) and free-text substrings do not: PostgreSQL's estimate of a prefix match is only as
 * fine as one histogram bucket (1% of the table), so it reads a page of 794 matches by walking a million leads in
 * `created_at` order (100+ ms), or sorts 8,000 matches fetched one by one. A page of 25 among
 * N matches spread over a million leads comes after about 25 million / N rows of the walk, so:
 *  - up to the cap: fetch the matches through the email or trigram index (`materialized` keeps the planner from
 *    walking), which counts them and sorts the page from them in one read;
 *  - past it: walk `created_at` (or `id`) order, where a page of matches comes within a few thousand rows.
 * An email prefix alone in the default order is fetched from `leads_email_idx` alone, which carries `created_at` and
 * `id`: 4,000 matches in about 4 ms, where reading their rows took 15–30. A search whose estimate is far past the cap
 * is walked without fetching, and a substring alone walks the newest leads off `leads_created_idx` beside the fetch
 * (service.ts). Either way the page's ids come first, and its list items after them by primary key, in the same
 * statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { leadFilterKeys } from '@crm/shared/contract';
import { leads } from '../../../db/schema/index.ts';
import { listItemsSql, rowsByIdsSql } from './listItems.ts';
import { freeTextMatch, searchesLeadId, leadSearchParts, leadSearchSql, orderedPageSql, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';

/** Every column a search condition or order reads (`leadSearchWhere`, `leadSearchOrder`). */
const walkedColumns = sql.join(
  [
    leads.id,
    leads.email,
    leads.search_text,
    leads.status_id,
    leads.original_status_id,
    leads.source_id,
    leads.country,
    leads.language,
    leads.funnel,
    leads.affiliate_company_id,
    leads.last_broker_department_id,
    leads.created_at,
    leads.api_ftd_at,
    leads.deposit_exists,
    leads.is_fresh,
    leads.last_sent_at,
  ],
  sql`, `,
);

/**
 * Every `page` statement selects the page's list items (listItems.ts); `count` gives `{ total }` capped at cap + 1.
 *  - together: the page and the count side by side;
 *  - fetch-first (email prefixes, free-text substrings): `fetch` gives `{ total, ids }`, the matches capped at cap + 1
 *    and, when they are all there (total ≤ cap), the page's ids sorted from them (`pageOf(ids)` lists them). Past the
 *    cap `walk` reads the page in order; `boundedWalk`, for a first page of a substring alone, reads it from the newest
 *    leads only and may start beside `fetch`.
 */
export type LeadSearchPlan = { kind: 'together'; page: SQL; count: SQL } | { kind: 'fetch-first'; fetch: SQL; pageOf(ids: readonly number[]): SQL; walk: SQL; boundedWalk: SQL | undefined };

/** True when the search narrows by an email prefix (see the header). */
function narrowsByEmailPrefix(query: ParsedLeadSearchQuery): boolean {
  return query.email !== undefined || freeTextMatch(query.search)?.kind === 'email-prefix';
}

/**
 * True when the search narrows by a free-text substring. The trigram estimate of a pattern is no better than the
 * prefix one (100 estimated for 23,000 matches of '%aylo%' at a million leads: a bitmap of all of them and a sort,
 * 127 ms, where walking `created_at` finds a page within 1,100 rows), so the plan does not leave the choice to it.
 */
function narrowsBySubstring(query: ParsedLeadSearchQuery): boolean {
  return freeTextMatch(query.search)?.kind === 'substring';
}

/**
 * True when a substring search reads nothing but `search_text` in `created_at` order: `leads_created_idx` holds both,
 * so the walk reads that index alone (about half a microsecond a lead, a third of what whole rows cost).
 */
function walkIsCovered(query: ParsedLeadSearchQuery): boolean {
  const filters = leadFilterKeys.filter((key) => query[key] !== undefined);
  return narrowsBySubstring(query) && !searchesLeadId(query.search) && filters.length === 1 && query.sort === 'created_at';
}

/**
 * The bounded walk of a first page reads at most this many of the newest leads: a page of 25 comes within them when
 * one lead in 2,000 or more matches, which nearly every search past the substring cap does (its answer is dropped
 * otherwise: it runs beside the fetch, so its half a microsecond a lead costs no wait).
 */
const newestLeads = 50_000;

/**
 * From this many skipped leads on, the plain plan finds the page's ids first and reads only the page's rows whole.
 * Reading whole rows in order reads every skipped row too, about 2 µs each at a million leads, where the ids come off
 * the order's index alone when it holds the conditions (`leads_created_idx`, `(status_id | source_id | country,
 * created_at, id)`), and the second read costs about half a millisecond. Page 200: 12.7 → 4.6 ms; page 4,000: 575 → 41.
 */
const idsFirstOffset = 250;

export function leadSearchPlan(query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}, parts = leadSearchParts(query, options)): LeadSearchPlan {
  const listed = (ids: SQL | readonly number[]) => listItemsSql(rowsByIdsSql(ids), parts.orderBy);
  const emailPrefix = narrowsByEmailPrefix(query);
  if (!emailPrefix && !narrowsBySubstring(query)) {
    const { rows, count } = leadSearchSql(query, options, parts);
    const page = parts.offset < idsFirstOffset ? listItemsSql(rows, parts.orderBy) : listed(orderedPageSql(parts, { id: leads.id }));
    return { kind: 'together', page, count };
  }
  const where = parts.where ?? sql`true`;
  const order = sql.join(parts.orderBy, sql`, `);
  const window = sql`limit ${parts.limit} offset ${parts.offset}`;
  // Reading in index order only pays off where an index gives that order.
  const indexedOrder = query.sort === 'created_at' || query.sort === 'id';
  // The matches with their sort columns, fetched and materialized so the planner cannot turn them into a walk. An email
  // prefix's carry the order's column alone, which `leads_email_idx` holds for the default order, so that index serves
  // the fetch by itself. A substring's are rechecked on their rows anyway: they carry every sort column, which keeps
  // `leads_created_idx` (it holds the free text) from serving the fetch as a walk. The CTE takes the table's name so the
  // shared ORDER BY ("leads"."created_at" …) reads from it.
  const matchColumns = emailPrefix ? [leads.id, ...(query.sort === 'id' ? [] : [leads[query.sort]])] : [leads.id, leads.created_at, leads.last_sent_at, leads.api_ftd_at];
  const matches = (limit: SQL) => sql`with leads as materialized (select ${sql.join(matchColumns, sql`, `)} from ${leads} where ${parts.lookupWhere ?? sql`true`} ${limit})`;
  const sortedIds = sql`select leads.id from leads order by ${order} ${window}`;
  const sorted = sql`${matches(sql``)} ${sortedIds}`;
  // `offset 0` keeps the conditions out of the ordered read, so it stays a walk down the order's index; the walk
  // carries only the columns the conditions read (a third faster than whole rows), from the index alone when it can.
  const covered = walkIsCovered(query);
  const walked = covered ? sql.join([leads.id, leads.created_at, leads.search_text], sql`, `) : walkedColumns;
  const walkIds = (bound: SQL) => sql`select leads.id from (select ${walked} from ${leads} order by ${order} ${bound}) as leads where ${where} order by ${order} ${window}`;
  return {
    kind: 'fetch-first',
    // One read of at most cap + 1 matches gives both the capped total and, when they are all there, the page's ids
    // (`pageOf` orders the page itself).
    fetch: sql`${matches(sql`limit ${parts.cap + 1}`)}
      select (select count(*)::int from leads) as total, coalesce((select json_agg(page.id) from (${sortedIds}) as page), '[]'::json) as ids`,
    pageOf: listed,
    walk: listed(indexedOrder ? walkIds(sql`offset 0`) : sorted),
    boundedWalk: covered && parts.offset === 0 ? listed(walkIds(sql`limit ${newestLeads}`)) : undefined,
  };
}
