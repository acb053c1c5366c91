/**
 * How a search page is fetched. Most searches run the page query and the capped count side by side and let the planner
 * choose. Email-prefix searches (`email`, or a 1–2 character free text) and free-text substrings count first instead: PostgreSQL's estimate of
 * a prefix match is only as fine as one histogram bucket (1% of the table), so it reads a page of 794 matches by
 * walking a million leads in `created_at` order (100+ ms), or sorts 8,000 matches fetched one by one. The count is
 * cheap on the email index and tells which way is short (a page of 25 among N matches spread over a million leads
 * comes after about 25 million / N rows of the walk):
 *  - few matches: fetch them all through the email index, then sort (`materialized` keeps the planner from walking);
 *  - many matches: walk `created_at` (or `id`) order, where a page of matches comes within a few thousand rows.
 * Either way the page's ids come first, and its list items after them by primary key, in the same statement.
 */
import { sql, type SQL } from 'drizzle-orm';
import { leads } from '../../../db/schema/index.ts';
import { listItemsSql, rowsByIdsSql } from './listItems.ts';
import { fewMatches, freeTextMatch, leadCountSql, leadSearchParts, leadSearchSql, type LeadSearchOptions, type ParsedLeadSearchQuery } from './sql.ts';

/** Every column a search condition or order reads (`leadSearchWhere`, `leadSearchOrder`). */
const walkedColumns = sql.join(
  [
    leads.id, leads.email, leads.search_text, leads.status_id, leads.original_status_id, leads.source_id, leads.country, leads.language,
    leads.funnel, leads.affiliate_company_id, leads.last_broker_department_id, leads.created_at, leads.api_ftd_at, leads.deposit_exists,
    leads.is_fresh, leads.last_sent_at,
  ],
  sql`, `,
);

/** Every `page` statement selects the page's list items (listItems.ts); `count` gives `{ total }` capped at cap + 1. */
export type LeadSearchPlan =
  | { kind: 'together'; page: SQL; count: SQL }
  | { kind: 'count-first'; count: SQL; pageIds(matches: number): SQL; page(matches: number): SQL };

/** True when the search narrows by an email prefix (see the header). */
export function narrowsByEmailPrefix(query: ParsedLeadSearchQuery): boolean {
  return query.email !== undefined || freeTextMatch(query.search)?.kind === 'email-prefix';
}

/**
 * True when the search narrows by a free-text substring. The trigram estimate of a pattern is no better than the
 * prefix one (100 estimated for 23,000 matches of '%aylo%' at a million leads: a bitmap of all of them and a sort,
 * 127 ms, where walking `created_at` finds a page within 1,100 rows), so these count first too.
 */
function narrowsBySubstring(query: ParsedLeadSearchQuery): boolean {
  return freeTextMatch(query.search)?.kind === 'substring';
}

export function leadSearchPlan(query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}): LeadSearchPlan {
  const parts = leadSearchParts(query, options);
  if (!narrowsByEmailPrefix(query) && !narrowsBySubstring(query)) {
    const { rows, count } = leadSearchSql(query, options);
    return { kind: 'together', page: listItemsSql(rows, parts.orderBy), count };
  }
  // A count that reached its cap says "many", whatever the cap (a caller may set one below `fewMatches`).
  const few = (matches: number) => matches <= Math.min(fewMatches, parts.cap);
  const where = parts.where ?? sql`true`;
  const order = sql.join(parts.orderBy, sql`, `);
  const window = sql`limit ${parts.limit} offset ${parts.offset}`;
  // Reading in index order only pays off where an index gives that order.
  const indexedOrder = query.sort === 'created_at' || query.sort === 'id';
  const pageIds = (matches: number): SQL => {
    if (few(matches) || !indexedOrder) {
      // The CTE takes the table's name so the shared ORDER BY ("leads"."created_at" …) reads from it.
      return sql`with leads as materialized (select ${leads.id}, ${leads.created_at}, ${leads.last_sent_at}, ${leads.api_ftd_at} from ${leads} where ${where}) select leads.id from leads order by ${order} ${window}`;
    }
    // `offset 0` keeps the conditions out of the ordered read, so it stays a walk down the order's index; the walk
    // carries only the columns the conditions read (a third faster than whole rows).
    return sql`select leads.id from (select ${walkedColumns} from ${leads} order by ${order} offset 0) as leads where ${where} order by ${order} ${window}`;
  };
  return {
    kind: 'count-first',
    count: leadCountSql(query, parts.where, parts.cap),
    pageIds,
    page: (matches) => listItemsSql(rowsByIdsSql(pageIds(matches)), parts.orderBy),
  };
}
