/** Settings › requests (docs/product.md#request-log): the log of inbound and outbound HTTP requests, read-only. */
import { z } from 'zod';
import { idText as reference, isoDateTime, paginationQuery, wholeNumberText } from './common.ts';
import { isoDateFilter as isoDate } from './leadSearch.ts';

export const requestDirections = ['inbound', 'outbound'] as const;
export type RequestDirection = (typeof requestDirections)[number];
export const requestLogSortKeys = ['created_at', 'duration_ms', 'status'] as const;

/**
 * `direction` orders the list (asc|desc) as on every list of this API, so the inbound/outbound filter is
 * `request_direction`. A date-only `to` includes that whole day (UTC).
 */
export const requestLogListQuery = paginationQuery.extend({
  sort: z.enum(requestLogSortKeys).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  request_direction: z.enum(requestDirections).optional(),
  status: wholeNumberText(100, 599).optional(),
  send_integration_id: reference.optional(),
  lead_id: reference.optional(),
  from: isoDate('from').optional(),
  to: isoDate('to').optional(),
});
export type RequestLogListQuery = z.infer<typeof requestLogListQuery>;

export const requestLogSummary = z.object({
  id: z.number().int(),
  direction: z.enum(requestDirections),
  method: z.string(),
  url: z.string(),
  status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  send_integration_id: z.number().int().nullable(),
  /** The integration's name as it is now; null without one, or when it has been deleted since. */
  send_integration_name: z.string().nullable(),
  lead_id: z.number().int().nullable(),
  created_at: isoDateTime,
});
export type RequestLogSummary = z.infer<typeof requestLogSummary>;

export const requestLogEntry = requestLogSummary.extend({
  request_headers: z.record(z.string(), z.string()).nullable(),
  request_body: z.string().nullable(),
  response_body: z.string().nullable(),
  updated_at: isoDateTime,
});
export type RequestLogEntry = z.infer<typeof requestLogEntry>;
