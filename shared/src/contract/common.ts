import { z } from 'zod';

/** Longest string any free-text field accepts; a longer one is a 422, never a 500. */
export const maxTextLength = 10_000;
export const maxNameLength = 255;

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

/** Meta of a list that may hold millions of rows: past its exact count's cap, `total` is the planner's estimate. */
export const estimatedPaginationMeta = paginationMeta.extend({ total_estimated: z.boolean() });

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
