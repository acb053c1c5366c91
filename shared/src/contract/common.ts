import { z } from 'zod';
// Field-named refusal messages for every schema (z.config): before any schema here is used.
import './messages.ts';

/** Longest string any free-text field accepts; a longer one is a 422, never a 500. */
export const maxTextLength = 10_000;
export const maxNameLength = 255;

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

/** A request's day field (`isCalendarDate`), one message whatever is wrong with it. */
export const calendarDate = (message: string) => z.string().refine(isCalendarDate, { message, abort: true });

export const idParam = z.strictObject({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(25),
  search: z.string().max(maxNameLength).refine((value) => !value.includes('\u0000'), 'The search may not contain NUL characters.').optional(),
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
