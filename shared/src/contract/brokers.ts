/**
 * Brokers and broker departments (issue 7): request and response schemas of `broker/search`,
 * `broker/department/search` and `broker/department/:id/histories/view`.
 */
import { z } from 'zod';
import {
  calendarDate,
  idText as queryReference,
  isoDateTime,
  maxNameLength,
  maxTextLength,
  nulFree,
  optionalText,
  paginationQuery,
  recordId as reference,
  requiredName as name,
  text,
} from './common.ts';
import { languageCode } from './localizations.ts';
import { sendStates } from './leadRecords.ts';
import { resourceBodies } from './settings.ts';

const named = z.object({ id: z.number().int(), name: z.string() });
const ipForms = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
/**
 * IPv4 / IPv6 addresses or CIDR networks, checked with the other fields (so every field's error comes at once), the
 * first bad one named under the list's field; the API stores them canonically.
 */
export const ipOrNetworkList = z
  .array(text().trim().min(1).max(64))
  .max(200)
  .superRefine((values, context) => {
    const bad = values.find((value) => !ipForms.safeParse(value).success);
    if (bad !== undefined) context.addIssue({ code: 'custom', message: `${bad}: The value must be an IP address or a CIDR range like 10.0.0.0/8.` });
  });

// ── brokers ──────────────────────────────────────────────────────────────────────────────────────────

export const brokerBodies = resourceBodies({
  name,
  company_name: optionalText(maxNameLength),
  company_info: optionalText(maxTextLength),
  company_web_pages: z
    .array(
      z
        .url({ protocol: /^https?$/, error: 'Each web page must be an http(s) address.' })
        .check(nulFree)
        .max(2048),
    )
    .max(50)
    .optional(),
  agreement_details: optionalText(maxTextLength),
  ip_addresses: ipOrNetworkList.optional(),
  contract_expires_in: calendarDate('The date must be a day like 2026-12-31.').nullable().optional(),
  is_active: z.boolean().optional(),
  affiliate_company_ids: z.array(reference).max(200).optional(),
});
export type BrokerBody = z.input<typeof brokerBodies.create>;

export const brokerItem = z.object({
  id: z.number().int(),
  name: z.string(),
  company_name: z.string().nullable(),
  company_info: z.string().nullable(),
  company_web_pages: z.array(z.string()),
  agreement_details: z.string().nullable(),
  ip_addresses: z.array(z.string()),
  contract_expires_in: z.string().nullable(),
  is_active: z.boolean(),
  affiliate_companies: z.array(named),
  departments_count: z.number().int(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type BrokerItem = z.infer<typeof brokerItem>;

// ── departments ──────────────────────────────────────────────────────────────────────────────────────

export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'A country is its ISO 3166 alpha-2 code.');

/**
 * A department sends through its one send integration (none: it cannot be sent to). Empty `countries` /
 * `languages` accept every lead; otherwise a lead outside them is refused when sending.
 */
export const departmentBodies = resourceBodies({
  broker_id: reference,
  branch_name: text().trim().min(1, 'The branch name field is required.').max(maxNameLength),
  send_integration_id: reference.nullable().optional(),
  is_active: z.boolean().optional(),
  countries: z.array(countryCode).max(300).optional(),
  languages: z.array(languageCode).max(300).optional(),
});
export type DepartmentBody = z.input<typeof departmentBodies.create>;

export const departmentItem = z.object({
  id: z.number().int(),
  broker_id: z.number().int(),
  broker: z.object({ id: z.number().int(), name: z.string(), affiliate_companies: z.array(named) }),
  branch_name: z.string(),
  send_integration: named.nullable(),
  is_active: z.boolean(),
  countries: z.array(z.string()),
  languages: z.array(z.string()),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type DepartmentItem = z.infer<typeof departmentItem>;

// ── department histories (broker/department/:id/histories/view) ──────────────────────────────────────

const leadRef = z.object({ id: z.number().int(), lead_id: z.string(), name: z.string().nullable(), email: z.string().nullable() });

export const departmentHistoryKinds = ['send', 'broker'] as const;
export type DepartmentHistoryKind = (typeof departmentHistoryKinds)[number];

/** `GET /broker/department/{id}/histories/send`: what was sent, newest first. */
export const departmentSendHistoryQuery = paginationQuery.omit({ search: true }).extend({
  state: z.enum(sendStates).optional(),
  job_id: queryReference.optional(),
});
export type DepartmentSendHistoryQuery = z.input<typeof departmentSendHistoryQuery>;

export const departmentSendHistoryItem = z.object({
  id: z.number().int(),
  lead: leadRef,
  job_id: z.number().int().nullable(),
  user: named.nullable(),
  state: z.enum(sendStates),
  failure_status: z.string().nullable(),
  api_lead_id: z.string().nullable(),
  lead_url: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  created_at: isoDateTime,
});
export type DepartmentSendHistoryItem = z.infer<typeof departmentSendHistoryItem>;

/** `GET /broker/department/{id}/histories/broker`: the broker-reported status and FTD changes, newest first. */
export const departmentBrokerHistoryQuery = paginationQuery.omit({ search: true }).extend({ ftd_only: z.stringbool().optional() });
export type DepartmentBrokerHistoryQuery = z.input<typeof departmentBrokerHistoryQuery>;

export const departmentBrokerHistoryItem = z.object({
  id: z.number().int(),
  lead: leadRef,
  channel: z.enum(['pull', 'push']),
  api_lead_status: z.string().nullable(),
  api_ftd_at: isoDateTime.nullable(),
  created_at: isoDateTime,
});
export type DepartmentBrokerHistoryItem = z.infer<typeof departmentBrokerHistoryItem>;

/** The header of the histories page: the department and its totals. */
export const departmentSummary = z.object({
  department: departmentItem,
  sent: z.number().int(),
  failed: z.number().int(),
  ftds: z.number().int(),
});
export type DepartmentSummary = z.infer<typeof departmentSummary>;
