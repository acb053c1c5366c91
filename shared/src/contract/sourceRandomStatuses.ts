/** Source random statuses: per source a weighted list of lead statuses, one drawn for a lead arriving without one. */
import { z } from 'zod';
import { isoDateTime, recordId as positiveId } from './common.ts';

export const maxRandomStatuses = 50;
export const maxRandomStatusWeight = 10_000;

export const randomStatusEntry = z.strictObject({
  status_id: positiveId,
  weight: z
    .number()
    .int('The weight must be a whole number.')
    .min(1, 'The weight must be at least 1.')
    .max(maxRandomStatusWeight, `The weight may not be greater than ${maxRandomStatusWeight}.`),
});
export type RandomStatusEntry = z.infer<typeof randomStatusEntry>;

/** 1–50 entries, no status twice; a repeated status is reported on its own row (`statuses.2.status_id`). */
export const randomStatusList = z
  .array(randomStatusEntry)
  .min(1, 'Add at least one status.')
  .max(maxRandomStatuses, `A source may have at most ${maxRandomStatuses} statuses.`)
  .superRefine((entries, context) => {
    const seen = new Set<number>();
    entries.forEach((entry, index) => {
      if (seen.has(entry.status_id)) context.addIssue({ code: 'custom', path: [index, 'status_id'], message: 'This status is already in the list.' });
      seen.add(entry.status_id);
    });
  });

export const sourceRandomStatusCreateBody = z.strictObject({ source_id: positiveId, statuses: randomStatusList });
export type SourceRandomStatusCreateBody = z.infer<typeof sourceRandomStatusCreateBody>;
export const sourceRandomStatusUpdateBody = z.strictObject({ statuses: randomStatusList });
export type SourceRandomStatusUpdateBody = z.infer<typeof sourceRandomStatusUpdateBody>;

export const sourceRandomStatusItem = z.object({
  /** The source id: the `:id` of this resource's routes. */
  id: z.number().int(),
  source_id: z.number().int(),
  source_name: z.string(),
  statuses: z.array(
    z.object({
      status_id: z.number().int(),
      status_name: z.string(),
      bg_color: z.string(),
      text_color: z.string(),
      weight: z.number().int(),
      percentage: z.number(),
    }),
  ),
  updated_at: isoDateTime,
});
export type SourceRandomStatusItem = z.infer<typeof sourceRandomStatusItem>;

/** Each weight's share of the total in percent, rounded to one decimal (all 0 when the total is not positive). */
export function percentagesOf(weights: readonly number[]): number[] {
  const usable = weights.map((weight) => (Number.isFinite(weight) && weight > 0 ? weight : 0));
  const total = usable.reduce((sum, weight) => sum + weight, 0);
  return usable.map((weight) => (total > 0 ? Math.round((weight * 1000) / total) / 10 : 0));
}
