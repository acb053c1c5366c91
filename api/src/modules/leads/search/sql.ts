/**
 * The SQL of the lead search (`GET /lead`), in one place so the benchmark can time the very statements the API runs.
 *
 * Every filter maps onto an index of `leads` (see the schema):
 *  - `search` (3+ characters): `search_text LIKE '%text%'`, looked up in the trigram GIN index of the generated
 *    column without the dots, @, underscores, dashes and apostrophes (`compactedSearchText`), the whole text
 *    then checked on the candidates' rows; or, for a text shaped like a public lead id, also `lead_id = TEXT` (its
 *    unique index). For a whole email the index looks up its local part only (`lookedUpPart`).
 *    A trigram index cannot narrow a pattern of 1–2 letters or digits (it has no trigram to look up), so a text that
 *    short ('al', 'a.b') matches as an email prefix instead (`email LIKE 'te%'`, the `text_pattern_ops` index).
 *    Phone-like text (`+44 20-7946`) loses its spaces, dashes and brackets first, as `search_text` holds the E.164 phone.
 *  - `email`: a prefix, `email LIKE 'prefix%'` (emails are stored lower-cased).
 *  - ids, countries: `= any` on indexed columns; tags: `exists` on `lead_tags`.
 * The total is never counted past a cap: `count(*)` over a sub-select limited to cap + 1 rows; past it, the planner's
 * estimate stands in (service.ts).
 * Sorting on `last_sent_at` / `api_ftd_at` puts leads without the date last, in either direction: the `(date, id)`
 * indexes serve the ascending order and the `(date desc nulls last, id desc)` ones (`leads_*_desc_idx`) the descending.
 * plans.ts decides how these statements run (side by side; email prefixes and substrings pick between fetching and walking).
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { leadCountCap, leadFilterKeys, type leadSearchQuery } from '@crm/shared/contract';
import { compactedSearchText, compactSearchText, leadDistributions, leads, leadTags } from '../../../db/schema/index.ts';

/** The search query after validation and defaults (what the route handler receives). */
export type ParsedLeadSearchQuery = z.output<typeof leadSearchQuery>;

export type LeadSearchOptions = {
  /** Stop counting past this many matches; `leadCountCap` (or `substringCountCap` for a free-text substring) when absent. */
  cap?: number;
  /**
   * The database runs several statements at once (a PostgreSQL pool; not the embedded database's one session), so a
   * substring search may start its walk beside the fetch of its matches (service.ts).
   */
  sideBySide?: boolean;
};

/** The columns of a list row; relations (source, status, tags, department) are loaded per page afterwards. */
export const leadPageColumns = {
  id: leads.id,
  lead_id: leads.lead_id,
  name: leads.name,
  surname: leads.surname,
  email: leads.email,
  phone: leads.phone,
  phone_normalized: leads.phone_normalized,
  country: leads.country,
  language: leads.language,
  funnel: leads.funnel,
  source_id: leads.source_id,
  status_id: leads.status_id,
  last_broker_department_id: leads.last_broker_department_id,
  last_sent_at: leads.last_sent_at,
  is_fresh: leads.is_fresh,
  deposit_exists: leads.deposit_exists,
  purchase_amount: leads.purchase_amount,
  api_ftd_at: leads.api_ftd_at,
  created_at: leads.created_at,
  updated_at: leads.updated_at,
};

/** Below this many letters and digits (dots, @, underscores, dashes and apostrophes aside), the free text matches as an email prefix (see the module header). */
const minTrigramSearchLength = 3;

/**
 * A free-text substring's matches are found through the trigram index but each must be rechecked on its heap page:
 * 1,000 of them cost 5–10 ms at a million leads, 3,000 of them 15–30 ms. The fetch of a substring search reads at
 * most cap + 1 matches: up to the cap they give the exact total and the page, sorted from them; past it the total is
 * estimated and the page comes from the walk down `created_at` (plans.ts), which the newest leads serve in a few
 * milliseconds at such densities, from the index alone.
 */
const substringCountCap = 1_000;

/** `text` with the LIKE pattern characters escaped (backslash is PostgreSQL's default LIKE escape). */
function escapeLike(text: string): string {
  return text.replaceAll(/[\\%_]/g, (match) => `\\${match}`);
}

/**
 * Funnels containing the text, in any case; in double quotes, that funnel exactly ("gold" is not gold-invest): a
 * report's funnel row links to its leads so, and staff may type it so.
 */
function funnelMatch(text: string): SQL {
  const exact = /^"(.+)"$/s.exec(text)?.[1];
  return exact === undefined ? sql`${leads.funnel} ilike ${`%${escapeLike(text)}%`}` : eq(leads.funnel, exact);
}

const phoneLike = /^\+?[\d\s().-]+$/;

/** How a free text is matched (see the module header), or undefined for a blank text. */
export function freeTextMatch(search: string | undefined): { kind: 'email-prefix' | 'substring'; text: string } | undefined {
  let text = search?.trim().toLowerCase();
  if (!text) return undefined;
  if (phoneLike.test(text) && /\d/.test(text)) text = text.replaceAll(/[\s().-]/g, '');
  return { kind: compactSearchText(text).length < minTrigramSearchLength ? 'email-prefix' : 'substring', text };
}

/**
 * The free-text condition, or undefined for a blank text. `lookup`: a substring is also looked up in the trigram
 * index of the compacted text (`compactedSearchText`), and the whole text checked on the candidates' rows; without it
 * the condition reads the text alone (a walk down an order, the planner's estimate: it has statistics for
 * `search_text`, none for the compacted text, and two conditions on one text would multiply their selectivities).
 */
function freeTextCondition(search: string | undefined, lookup = false): SQL | undefined {
  const match = freeTextMatch(search);
  if (!match) return undefined;
  if (match.kind === 'email-prefix') return like(leads.email, `${escapeLike(match.text)}%`);
  const whole = like(leads.search_text, `%${escapeLike(match.text)}%`);
  const substring = lookup ? and(like(compactedSearchText(leads.search_text), `%${escapeLike(lookedUpPart(match.text))}%`), whole) : whole;
  // A pasted public id (`D0000000045`, `L4821937705`) finds its lead through the unique index as well.
  return searchesLeadId(search) ? or(substring, eq(leads.lead_id, match.text.toUpperCase())) : substring;
}

/**
 * The part of a free-text substring the trigram index looks up, compacted: a whole email's local part (`abecker3133`
 * of `abecker.3133@example.net`), else the whole text ('smithex' of `smith@ex`). An email's domain (gmail.com,
 * example.net) is in so many leads that intersecting its trigrams' entries took 55 ms at a million leads, where the
 * local part's took 5; the whole text is then checked on the few candidates' rows.
 */
function lookedUpPart(text: string): string {
  const whole = compactSearchText(text);
  const at = text.indexOf('@');
  const local = compactSearchText(text.slice(0, Math.max(at, 0)));
  return at >= 0 && text.slice(at).includes('.') && local.length >= minTrigramSearchLength ? local : whole;
}

/** True when the free text is shaped like a public lead id, so it matches `lead_id` too. */
export function searchesLeadId(search: string | undefined): boolean {
  const match = freeTextMatch(search);
  return match?.kind === 'substring' && leadIdLike.test(match.text);
}

const leadIdLike = /^[a-z]\d{6,}$/;

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;
// PostgreSQL's timestamps and JavaScript's ISO strings agree on years 1 to 9999 only: bounds are kept in there.
const earliest = Date.parse('0001-01-01T00:00:00.000Z');
const latest = Date.parse('9999-12-31T23:59:59.999Z');
const within = (time: number) => new Date(Math.min(Math.max(time, earliest), latest));

/** `from ≤ column ≤ to` for ISO date filters; a date-only `to` includes the whole of that day (UTC). */
export function dateRange(column: AnyPgColumn, from: string | undefined, to: string | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, within(Date.parse(from))));
  if (to) conditions.push(dateOnly.test(to) ? lt(column, within(Date.parse(to) + dayMs)) : lte(column, within(Date.parse(to))));
  return conditions;
}

/** The WHERE clause of a search, or undefined when nothing filters; `lookup` as for `freeTextCondition`. */
export function leadSearchWhere(query: ParsedLeadSearchQuery, lookup = false): SQL | undefined {
  const conditions: (SQL | undefined)[] = [freeTextCondition(query.search, lookup)];
  if (query.email) conditions.push(like(leads.email, `${escapeLike(query.email.toLowerCase())}%`));
  if (query.status_id) conditions.push(inArray(leads.status_id, query.status_id));
  if (query.original_status_id) conditions.push(inArray(leads.original_status_id, query.original_status_id));
  if (query.source_id) conditions.push(inArray(leads.source_id, query.source_id));
  if (query.tag_id) {
    conditions.push(sql`exists (select 1 from ${leadTags} where ${leadTags.lead_id} = ${leads.id} and ${inArray(leadTags.tag_id, query.tag_id)})`);
  }
  if (query.country)
    conditions.push(
      inArray(
        leads.country,
        query.country.map((code) => code.toUpperCase()),
      ),
    );
  if (query.language)
    conditions.push(
      inArray(
        sql`lower(${leads.language})`,
        query.language.map((code) => code.toLowerCase()),
      ),
    );
  if (query.funnel) conditions.push(funnelMatch(query.funnel));
  if (query.affiliate_company_id) conditions.push(inArray(leads.affiliate_company_id, query.affiliate_company_id));
  if (query.department_id) conditions.push(inArray(leads.last_broker_department_id, query.department_id));
  conditions.push(...dateRange(leads.created_at, query.created_from, query.created_to));
  conditions.push(...dateRange(leads.api_ftd_at, query.ftd_from, query.ftd_to));
  if (query.has_deposit !== undefined) conditions.push(eq(leads.deposit_exists, query.has_deposit));
  if (query.is_fresh !== undefined) conditions.push(eq(leads.is_fresh, query.is_fresh));
  if (query.sent === 'sent') conditions.push(isNotNull(leads.last_sent_at));
  if (query.sent === 'not_sent') conditions.push(isNull(leads.last_sent_at));
  if (query.distribution) {
    conditions.push(sql`exists (select 1 from ${leadDistributions} where ${leadDistributions.lead_id} = ${leads.id} and ${leadDistributions.state} = ${query.distribution})`);
  }
  const present = conditions.filter((condition): condition is SQL => condition !== undefined);
  return present.length > 0 ? and(...present) : undefined;
}

const sortColumns = { created_at: leads.created_at, id: leads.id, last_sent_at: leads.last_sent_at, api_ftd_at: leads.api_ftd_at } as const;
const nullableSorts: ReadonlySet<string> = new Set(['last_sent_at', 'api_ftd_at']);

/**
 * The ORDER BY, with `id` as tiebreaker in the same direction so `(created_at, id)` is read straight off its index.
 * Never-sent / no-FTD leads go last either way (a plain `desc` would list them first).
 */
export function leadSearchOrder(query: Pick<ParsedLeadSearchQuery, 'sort' | 'direction'>): SQL[] {
  const column = sortColumns[query.sort];
  const descending = query.direction === 'desc';
  const tiebreak = descending ? desc(leads.id) : asc(leads.id);
  if (query.sort === 'id') return [tiebreak];
  if (nullableSorts.has(query.sort)) return [descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`, tiebreak];
  return [descending ? desc(column) : asc(column), tiebreak];
}

/**
 * Everything a page needs, worked out once per search (`leadSearchSql`, plans.ts). `lookupWhere` is `where` with a
 * substring also looked up in the trigram index, for the statements that fetch matches through it.
 */
export type LeadSearchParts = { where: SQL | undefined; lookupWhere: SQL | undefined; orderBy: SQL[]; limit: number; offset: number; cap: number };

export function leadSearchParts(query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}): LeadSearchParts {
  return {
    where: leadSearchWhere(query),
    lookupWhere: leadSearchWhere(query, true),
    orderBy: leadSearchOrder(query),
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
    cap: options.cap ?? (freeTextMatch(query.search)?.kind === 'substring' ? substringCountCap : leadCountCap),
  };
}

/** `select count(*)` of the matches, stopping at cap + 1: "more than cap" is all the list needs to know. */
function cappedCountSql(where: SQL | undefined, cap: number): SQL {
  const matches = new QueryBuilder()
    .select({ one: sql`1` })
    .from(leads)
    .where(where)
    .limit(cap + 1);
  return sql`select count(*)::int as total from (${matches}) as capped`;
}

/** The one tag of a search that filters by a single tag and nothing else, or null. */
function onlyOneTag(query: ParsedLeadSearchQuery): number | null {
  const [tagId, ...more] = query.tag_id ?? [];
  if (tagId === undefined || more.length > 0) return null;
  const others = leadFilterKeys.filter((key) => key !== 'tag_id' && key !== 'search' && query[key] !== undefined);
  return others.length === 0 && !query.search?.trim() ? tagId : null;
}

/**
 * The capped count of a search. Filtering by one tag alone is counted on `lead_tags` only: its primary key makes
 * each (lead, tag) pair unique and its cascading foreign key means every row has its lead, so the tag index answers
 * without visiting a single lead.
 */
export function leadCountSql(query: ParsedLeadSearchQuery, where: SQL | undefined, cap: number): SQL {
  const tagId = onlyOneTag(query);
  if (tagId === null) return cappedCountSql(where, cap);
  const tagged = new QueryBuilder()
    .select({ one: sql`1` })
    .from(leadTags)
    .where(eq(leadTags.tag_id, tagId))
    .limit(cap + 1);
  return sql`select count(*)::int as total from (${tagged}) as capped`;
}

/** The search's page in its order (limit and offset), selecting `columns`: the page's rows, or their ids alone. */
export function orderedPageSql(parts: LeadSearchParts, columns: typeof leadPageColumns | { id: typeof leads.id }): SQL {
  return new QueryBuilder()
    .select(columns)
    .from(leads)
    .where(parts.where)
    .orderBy(...parts.orderBy)
    .limit(parts.limit)
    .offset(parts.offset)
    .getSQL();
}

/**
 * The two statements of a search page in the plain plan, run side by side (EXPLAIN, comparisons): `rows` selects the
 * page's lead columns, `count` gives `{ total }` capped at cap + 1. Deep pages and email-prefix or substring searches
 * page differently (plans.ts); `runLeadSearchDirectly` (index.ts) runs whichever statements the API runs. Render with
 * `new PgDialect().sqlToQuery(sql)` for `{ sql, params }`, or run with `db.execute(sql)`.
 */
export function leadSearchSql(query: ParsedLeadSearchQuery, options: LeadSearchOptions = {}, parts = leadSearchParts(query, options)): { rows: SQL; count: SQL } {
  return { rows: orderedPageSql(parts, leadPageColumns), count: leadCountSql(query, parts.where, parts.cap) };
}
