/**
 * The lead search (docs/product.md#lead-search): its query (every key a URL parameter of `lead/search`), the filter
 * keys in the screen's order, the date filters and their ranges. Shared by the API and mfe-leads.
 */
import { z } from 'zod';
import { idText, isExistingDate, maxNameLength, paginationQuery, text } from './common.ts';
import { distributionStates } from './distributionDecisions.ts';

/** `1,2,3` (or a repeated key) → [1, 2, 3]: the multi-value filters of the advanced search. */
const listOf = <Item extends z.ZodType>(item: Item, max: number) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value), z.array(item).min(1).max(max));
const idList = listOf(idText, 100);
const codeList = listOf(text().trim().min(2).max(16), 300);
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const isoDayPattern = /^\d{4}-\d{2}-\d{2}$/;
const isoDateFilterPattern = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date filter's value that is a whole day (`YYYY-MM-DD`, UTC) rather than an instant. */
export const isIsoDay = (value: string): boolean => isoDayPattern.test(value);

/**
 * Whether a date filter takes this text (as `isoDateFilter` checks it): for mfe-leads, which keeps a link's date
 * filters (e.g. the reports' drill-down instants) only when the API would accept them.
 */
export const isIsoDateFilterValue = (value: string): boolean => isoDateFilterPattern.test(value) && isExistingDate(value);

/** `YYYY-MM-DD` or a full ISO date-time; a date-only upper bound includes that whole day (UTC). */
export const isoDateFilter = (name: string) => text().regex(isoDateFilterPattern, `The ${name} field must be an ISO date.`).refine(isExistingDate, `The ${name} field must be an ISO date.`);

const endOfDay = (value: string) => (isIsoDay(value) ? Date.parse(value) + 86_399_999 : Date.parse(value));

/**
 * The ranges whose start is after their end (a date-only end includes its whole day): a message under the end field,
 * so a search that can match nothing says why instead of answering an empty page.
 */
export function reversedDateRanges(query: Readonly<Record<string, unknown>>, ranges: readonly (readonly [from: string, to: string])[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [from, to] of ranges) {
    const start = query[from];
    const end = query[to];
    if (typeof start === 'string' && typeof end === 'string' && Date.parse(start) > endOfDay(end)) {
      errors[to] = [`The ${to.replaceAll('_', ' ')} date must not be before the ${from.replaceAll('_', ' ')} date.`];
    }
  }
  return errors;
}

/** Sorting is offered on indexed columns only, so every order stays fast at a million rows. */
export const leadSortKeys = ['created_at', 'id', 'last_sent_at', 'api_ftd_at'] as const;
export const leadSentFilters = ['sent', 'not_sent'] as const;

/** The advanced search of `lead/search`: every key is also a URL parameter of the screen. */
export const leadSearchQuery = paginationQuery.extend({
  sort: z.enum(leadSortKeys).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** Email prefix (index-backed `email LIKE 'prefix%'`). */
  email: text().trim().min(1).max(maxNameLength).optional(),
  status_id: idList.optional(),
  original_status_id: idList.optional(),
  source_id: idList.optional(),
  tag_id: idList.optional(),
  country: codeList.optional(),
  language: codeList.optional(),
  /** A part of the funnel, in any case; in double quotes, the funnel exactly (hence two characters more). */
  funnel: text()
    .trim()
    .min(1)
    .max(maxNameLength + 2)
    .optional(),
  affiliate_company_id: idList.optional(),
  department_id: idList.optional(),
  created_from: isoDateFilter('created from').optional(),
  created_to: isoDateFilter('created to').optional(),
  ftd_from: isoDateFilter('FTD from').optional(),
  ftd_to: isoDateFilter('FTD to').optional(),
  has_deposit: flag.optional(),
  is_fresh: flag.optional(),
  sent: z.enum(leadSentFilters).optional(),
  /** Automatic distribution's state (issue 33): the leads queued and now in that state. */
  distribution: z.enum(distributionStates).optional(),
});
export type LeadSearchQuery = z.input<typeof leadSearchQuery>;
/** The filter keys (everything but paging and sorting), in the order the screen shows them. */
export const leadFilterKeys = [
  'search',
  'email',
  'status_id',
  'original_status_id',
  'source_id',
  'tag_id',
  'country',
  'language',
  'funnel',
  'affiliate_company_id',
  'department_id',
  'created_from',
  'created_to',
  'ftd_from',
  'ftd_to',
  'has_deposit',
  'is_fresh',
  'sent',
  'distribution',
] as const;
export type LeadFilterKey = (typeof leadFilterKeys)[number];
/** The filters taking several comma-separated values. */
export const leadMultiValueFilters = [
  'status_id',
  'original_status_id',
  'source_id',
  'tag_id',
  'country',
  'language',
  'affiliate_company_id',
  'department_id',
] as const satisfies readonly LeadFilterKey[];

/**
 * Matches are counted exactly up to this many (1,000 for a free-text substring, whose matches cost a heap visit each);
 * above it the total is PostgreSQL's estimate and the list says "about N". Counting a million rows on every page
 * would make every unfiltered or broad search slow; a search whose estimate is far past the cap is not counted at all.
 */
export const leadCountCap = 10_000;
