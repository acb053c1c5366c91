/**
 * What is kept around a lead: its histories, the send-history search, failed leads, the blacklist
 * and the lead status rules. Shared by the API and mfe-leads.
 */
import { z } from 'zod';
import { estimatedPaginated, idText as reference, isoDateTime, maxNameLength, maxTextLength, paginationQuery, recordId, text } from './common.ts';
import { isoDateFilter } from './leadSearch.ts';
import { departmentRef, failedLeadReasonCodes, statusCell } from './leads.ts';

const named = z.object({ id: z.number().int(), name: z.string() });

// ── histories of one lead (profile tabs) ────────────────────────────────────────────────────────────

export const statusChangeCauses = ['intake', 'user', 'rule', 'import', 'broker', 'random'] as const;
export type StatusChangeCause = (typeof statusChangeCauses)[number];

export const leadDataHistory = z.object({
  id: z.number().int(),
  field: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  user: named.nullable(),
  created_at: isoDateTime,
});
export type LeadDataHistory = z.infer<typeof leadDataHistory>;

export const leadStatusHistory = z.object({
  id: z.number().int(),
  from_status: statusCell.nullable(),
  to_status: statusCell.nullable(),
  cause: z.enum(statusChangeCauses),
  user: named.nullable(),
  lead_status_setting_id: z.number().int().nullable(),
  job_id: z.number().int().nullable(),
  created_at: isoDateTime,
});
export type LeadStatusHistory = z.infer<typeof leadStatusHistory>;

/** `queued` until the job reaches it, `sending` while the broker is called (never called again), then the outcome. */
export const sendStates = ['queued', 'sending', 'success', 'failure'] as const;
export type SendState = (typeof sendStates)[number];

export const leadSendHistory = z.object({
  id: z.number().int(),
  lead: z.object({ id: z.number().int(), lead_id: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
  department: departmentRef.nullable(),
  send_integration_id: z.number().int().nullable(),
  /** Null when the attempt had none or its integration was deleted since. */
  send_integration_name: z.string().nullable(),
  job_id: z.number().int().nullable(),
  user: named.nullable(),
  state: z.enum(sendStates),
  failure_status: z.string().nullable(),
  api_lead_id: z.string().nullable(),
  request: z.unknown(),
  response: z.unknown(),
  duration_ms: z.number().int().nullable(),
  created_at: isoDateTime,
});
export type LeadSendHistory = z.infer<typeof leadSendHistory>;

export const leadBrokerHistory = z.object({
  id: z.number().int(),
  department: departmentRef.nullable(),
  channel: z.enum(['pull', 'push']),
  api_lead_status: z.string().nullable(),
  api_ftd_at: isoDateTime.nullable(),
  payload: z.unknown(),
  created_at: isoDateTime,
});
export type LeadBrokerHistory = z.infer<typeof leadBrokerHistory>;

/** The tabs of a lead profile, each `GET /lead/{id}/histories/{kind}` (paginated, newest first). */
export const leadHistoryKinds = ['data', 'status', 'send', 'broker'] as const;
export type LeadHistoryKind = (typeof leadHistoryKinds)[number];
export const leadHistoryQuery = paginationQuery.omit({ search: true });

// ── send-history search (lead/history/search) ────────────────────────────────────────────────────────

export const sendHistorySearchQuery = paginationQuery.extend({
  sort: z.enum(['created_at', 'duration_ms']).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** The lead's public id, id, or email. */
  lead: text().trim().min(1).max(maxNameLength).optional(),
  department_id: reference.optional(),
  broker_id: reference.optional(),
  /** The attempts of one send job. */
  job_id: reference.optional(),
  state: z.enum(sendStates).optional(),
  failure_status: text().trim().min(1).max(maxNameLength).optional(),
  /** The lead's latest broker-side status (`api_lead_status`), one of `GET /lead/last/statuses/all`. */
  lead_status: text().trim().min(1).max(maxNameLength).optional(),
  from: isoDateFilter('from').optional(),
  to: isoDateFilter('to').optional(),
});
export type SendHistorySearchQuery = z.input<typeof sendHistorySearchQuery>;

/**
 * Send attempts are counted exactly up to this many; past it the total is PostgreSQL's estimate and the screen says
 * "about N" (every send and retry adds one: millions in time, and counting them on every page would slow it).
 */
export const sendHistoryCountCap = 10_000;
export const sendHistoryPage = estimatedPaginated(leadSendHistory);
export type SendHistoryPage = z.infer<typeof sendHistoryPage>;

// ── failed leads (failed/lead/search) ────────────────────────────────────────────────────────────────

export const failedLeadSearchQuery = paginationQuery.extend({
  sort: z.enum(['created_at', 'reason_code']).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  reason_code: z.enum(failedLeadReasonCodes).optional(),
  source_id: reference.optional(),
  import_job_id: reference.optional(),
});
export type FailedLeadSearchQuery = z.input<typeof failedLeadSearchQuery>;

/** The filters of the failed-leads list, as a bulk delete takes them: the list's query (text, as in its URL) without paging and order. */
export const failedLeadFilters = failedLeadSearchQuery.pick({ search: true, reason_code: true, source_id: true, import_job_id: true });
/** Delete the selected failed leads (`ids`), or every one the list's filters match (`filters`; `{}` is all of them). */
export const failedLeadBulkDelete = z
  .strictObject({ ids: z.array(recordId).min(1).max(1000).optional(), filters: failedLeadFilters.strict().optional() })
  .refine((body) => (body.ids === undefined) !== (body.filters === undefined), { message: 'Give either the selected ids or the filters.', path: ['ids'] });
export type FailedLeadBulkDelete = z.input<typeof failedLeadBulkDelete>;

export const failedLeadItem = z.object({
  id: z.number().int(),
  raw: z.record(z.string(), z.unknown()),
  reason_code: z.enum(failedLeadReasonCodes),
  message: z.string(),
  source: named.nullable(),
  import_job_id: z.number().int().nullable(),
  import_row: z.number().int().nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type FailedLeadItem = z.infer<typeof failedLeadItem>;

// ── blacklist (lead/black_list) ──────────────────────────────────────────────────────────────────────

export const blacklistTypes = ['email', 'email_domain', 'phone', 'ip'] as const;
export type BlacklistType = (typeof blacklistTypes)[number];

/** The value is normalized by type (lower-cased email or domain, E.164 phone, IP or CIDR) before it is stored. */
export const blacklistCreateBody = z.strictObject({
  type: z.enum(blacklistTypes),
  value: text().trim().min(1, 'The value field is required.').max(maxNameLength),
  comment: text().trim().max(maxTextLength).nullable().optional(),
});
export type BlacklistCreateBody = z.input<typeof blacklistCreateBody>;

export const blacklistSearchQuery = paginationQuery.extend({
  sort: z.enum(['created_at', 'value', 'type']).default('created_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  type: z.enum(blacklistTypes).optional(),
});
export type BlacklistSearchQuery = z.input<typeof blacklistSearchQuery>;

export const blacklistItem = z.object({
  id: z.number().int(),
  type: z.enum(blacklistTypes),
  value: z.string(),
  comment: z.string().nullable(),
  user: named.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type BlacklistItem = z.infer<typeof blacklistItem>;

/** Adding an entry reports how many stored leads it matches. */
export const blacklistCreated = z.object({ message: z.string(), data: blacklistItem, matching_leads: z.number().int() });
export type BlacklistCreated = z.infer<typeof blacklistCreated>;

// ── lead status rules (lead/status/settings) ─────────────────────────────────────────────────────────

const statusRuleShape = {
  condition_status_id: recordId,
  last_status_id: recordId,
  duration_day: z.number().int().min(0).max(3650).optional(),
  ignore_duration: z.boolean().optional(),
};
type StatusRuleInput = { condition_status_id?: number; last_status_id?: number; duration_day?: number; ignore_duration?: boolean };
const differentStatuses = (value: StatusRuleInput) => value.condition_status_id === undefined || value.condition_status_id !== value.last_status_id;
const durationGiven = (value: StatusRuleInput) => value.ignore_duration === true || value.duration_day === undefined || value.duration_day >= 1;

function statusRuleChecks<Schema extends z.ZodType<StatusRuleInput>>(schema: Schema) {
  return schema
    .refine(differentStatuses, { message: 'The last status must differ from the condition status.', path: ['last_status_id'] })
    .refine(durationGiven, { message: 'The duration is a whole number of days, at least 1, unless the duration is ignored.', path: ['duration_day'] });
}

/** A rule: a lead with `condition_status` for `duration_day` days gets `last_status`. */
export const leadStatusSettingBodies = {
  create: statusRuleChecks(z.strictObject(statusRuleShape)),
  update: statusRuleChecks(
    z
      .strictObject(statusRuleShape)
      .partial()
      .refine((value) => Object.keys(value).length > 0, 'Nothing to update.'),
  ),
};
/** The plain object schemas, for resource routes that need the shape (the checks above run on top). */
export const leadStatusSettingShape = z.strictObject(statusRuleShape);

export const leadStatusSettingItem = z.object({
  id: z.number().int(),
  condition_status_id: z.number().int(),
  last_status_id: z.number().int(),
  condition_status: statusCell.nullable(),
  last_status: statusCell.nullable(),
  duration_day: z.number().int(),
  ignore_duration: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type LeadStatusSettingItem = z.infer<typeof leadStatusSettingItem>;
