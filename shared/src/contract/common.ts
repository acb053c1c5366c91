import { z } from 'zod';
// Field-named refusal messages for every schema (z.config): before any schema here is used.
import { fieldLabel } from './messages.ts';

/** Longest string any free-text field accepts; a longer one is a 422, never a 500. */
export const maxTextLength = 10_000;
export const maxNameLength = 255;

type Located = { path?: readonly PropertyKey[] };

/**
 * The one rule for text a request carries: PostgreSQL stores no U+0000 in text or jsonb, so a NUL reaching a
 * query failed there (a 500, its SQL in the log). Refused up front, under the field, by every text field of the
 * contract (`text()`, or `.check(nulFree)` on a loose format such as `z.url()`); a string held to an anchored pattern
 * or a strict format (a colour, a code, an e-mail, a uuid) refuses it already. Aborts: what else is wrong can wait.
 */
export const nulFree = z.refine<string>((value) => !value.includes('\u0000'), {
  error: (issue: Located) => `The ${fieldLabel(issue.path ?? []) || 'value'} may not contain NUL characters.`,
  abort: true,
});

/** A text field of a request: any string but one holding NUL (`nulFree`); chain `.trim()`, `.max()` as usual. */
export const text = () => z.string().check(nulFree);

/** The name a record is known by: required, trimmed, at most 255 characters. */
export const requiredName = text().trim().min(1, 'The name field is required.').max(maxNameLength);

/** Optional free text, trimmed; null clears it. */
export const optionalText = (max: number) => text().trim().max(max).nullable().optional();

/** The largest id: every table's id is a PostgreSQL `integer`, and a larger number in a query is a database error. */
export const maxId = 2_147_483_647;

/** An id in a JSON body: a whole number 1…maxId. */
export const recordId = z.number().int().min(1).max(maxId);

/**
 * A whole number written as decimal digits, as a path segment or a query parameter carries it. Not `z.coerce`:
 * `Number()` also reads ` 16`, `16 `, `0x10`, `1.6e1` and `0b10000` as 16, so such a request acted on record 16.
 */
export function wholeNumberText(min: number, max: number) {
  const error = (issue: Located) => `The ${fieldLabel(issue.path ?? []) || 'value'} must be a whole number from ${min} to ${max}.`;
  return text()
    .regex(/^(0|[1-9][0-9]{0,9})$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }));
}

/** An id as text (a path, a query parameter): decimal digits, 1…maxId. */
export const idText = wholeNumberText(1, maxId);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone (the browser's, `Intl.DateTimeFormat().resolvedOptions().timeZone`): local days and times are read there. */
export const timeZoneName = text().trim().min(1, { abort: true }).max(64, { abort: true }).refine(isTimeZone, 'The time zone must be an IANA zone like Europe/Berlin.');

/**
 * A day `YYYY-MM-DD` that exists (years 0001–9999): the shape alone lets 2026-02-30 through, which PostgreSQL refuses
 * (a 500). `setUTCFullYear` reads years below 100 as written, where `Date.UTC` would add 1900.
 */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date or date-time text whose day exists (`isCalendarDate` on its first ten characters) and that `Date.parse` reads:
 * the shape alone lets 2026-02-30 through, which `Date.parse` rolls over to 2 March and PostgreSQL refuses.
 */
export const isExistingDate = (value: string): boolean => isCalendarDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));

/** A request's day field (`isCalendarDate`), one message whatever is wrong with it. */
export const calendarDate = (message: string) => text().refine(isCalendarDate, { message, abort: true });

/** The `:id` of every route. */
export const idParam = z.strictObject({ id: idText });

export const paginationQuery = z.object({
  page: wholeNumberText(1, 100_000).default(1),
  per_page: wholeNumberText(1, 500).default(25),
  search: text().max(maxNameLength).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export const paginationMeta = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type PaginationMeta = z.infer<typeof paginationMeta>;

export function paginated<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: paginationMeta });
}

/**
 * Meta of a list that may hold millions of rows: past its exact count's cap, `total` is the planner's estimate
 * (`total_estimated`). When the planner guessed no more than the cap that the count went past, `total` is the cap + 1
 * and `total_lower_bound` says so: the list then reads "more than {cap}", not "about {cap + 1}".
 */
export const estimatedPaginationMeta = paginationMeta.extend({ total_estimated: z.boolean(), total_lower_bound: z.boolean() });
export type EstimatedPaginationMeta = z.infer<typeof estimatedPaginationMeta>;

/** How a list's total reads: counted, the planner's estimate, or more than the cap (`total` − 1). */
export type TotalKind = 'exact' | 'estimated' | 'more_than';

/** A list's total as the API gives it (the API's capped totals have this shape too). */
export type EstimatedTotal = Pick<EstimatedPaginationMeta, 'total' | 'total_estimated' | 'total_lower_bound'>;

export const totalKindOf = (meta: Pick<EstimatedTotal, 'total_estimated' | 'total_lower_bound'>): TotalKind =>
  meta.total_lower_bound ? 'more_than' : meta.total_estimated ? 'estimated' : 'exact';

/** The number a total's text shows: "more than the cap" names the cap, one less than the lower bound. */
export const shownTotal = (total: number, kind: TotalKind): number => (kind === 'more_than' ? total - 1 : total);

export function estimatedPaginated<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: estimatedPaginationMeta });
}

export function dataOf<Payload extends z.ZodType>(payload: Payload) {
  return z.object({ data: payload });
}

export const messageResponse = z.object({ message: z.string() });

export const validationErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorResponse = z.infer<typeof validationErrorResponse>;

export const isoDateTime = z.string();

/** The body of an action route that takes no input: nothing, or an empty object. */
export const emptyBody = z.strictObject({}).nullish();
