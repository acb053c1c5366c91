/**
 * Leads (docs/product.md#leads): the list row, the profile, and the add / edit / status bodies (the search query is in
 * leadSearch.ts).
 * Shared by the API (validation, OpenAPI) and mfe-leads (types, form rules).
 */
import { z } from 'zod';
import { estimatedPaginated, isoDateTime, maxNameLength, maxTextLength, optionalText, recordId as reference, text } from './common.ts';
import { distributionStates } from './distributionDecisions.ts';
import type { Permission } from './permissions.ts';

/** The status cell of the tables: name and colours (docs/product.md#lists). */
export const statusCell = z.object({ id: z.number().int(), name: z.string(), bg_color: z.string(), text_color: z.string() });
export type StatusCell = z.infer<typeof statusCell>;
const named = z.object({ id: z.number().int(), name: z.string() });
export const departmentRef = z.object({ id: z.number().int(), label: z.string() });

export const leadListItem = z.object({
  id: z.number().int(),
  lead_id: z.string(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone_normalized: z.string().nullable(),
  country: z.string().nullable(),
  language: z.string().nullable(),
  funnel: z.string().nullable(),
  source: named.nullable(),
  status: statusCell.nullable(),
  tags: z.array(named),
  last_department: departmentRef.nullable(),
  /** Automatic distribution's state and last reason; null when never queued. */
  distribution: z.object({ state: z.enum(distributionStates), reason: z.string().nullable() }).nullable(),
  last_sent_at: isoDateTime.nullable(),
  is_fresh: z.boolean(),
  deposit_exists: z.boolean(),
  purchase_amount: z.string().nullable(),
  api_ftd_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type LeadListItem = z.infer<typeof leadListItem>;

/** A page of leads: `total_estimated` says the total is the planner's estimate (more matches than the exact count's cap). */
export const leadPage = estimatedPaginated(leadListItem);
export type LeadPage = z.infer<typeof leadPage>;

/** An affiliate lead's click id and sub ids, as its server posted them (`POST /api/v1/leads`). */
export const leadTracking = z.object({
  click_id: z.string().nullable(),
  sub1: z.string().nullable(),
  sub2: z.string().nullable(),
  sub3: z.string().nullable(),
  sub4: z.string().nullable(),
  sub5: z.string().nullable(),
});

/** Every lead field (docs/product.md#leads), with the statuses as cells and the relations named. */
export const leadDetail = leadListItem.extend({
  alt_email: z.string().nullable(),
  phone_prefix: z.string().nullable(),
  alt_phone: z.string().nullable(),
  alt_phone_prefix: z.string().nullable(),
  address: z.string().nullable(),
  second_address: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  zip: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  comment: z.string().nullable(),
  ip: z.string().nullable(),
  affiliate_company: named.nullable(),
  ...leadTracking.shape,
  status_id: z.number().int().nullable(),
  original_status: statusCell.nullable(),
  original_status_id: z.number().int().nullable(),
  status_changed_at: isoDateTime.nullable(),
  live_status: z.string().nullable(),
  email_status: statusCell.nullable(),
  alt_email_status: statusCell.nullable(),
  phone_status: statusCell.nullable(),
  alt_phone_status: statusCell.nullable(),
  not_available_till: isoDateTime.nullable(),
  purchase_site: z.string().nullable(),
  purchase_date: isoDateTime.nullable(),
  recovery_amount: z.string().nullable(),
  product_name: z.string().nullable(),
  card_name: z.string().nullable(),
  card_type: z.string().nullable(),
  card_digits: z.string().nullable(),
  api_lead_id: z.string().nullable(),
  api_lead_status: z.string().nullable(),
  api_client_id: z.string().nullable(),
  lead_url: z.string().nullable(),
  client_url: z.string().nullable(),
  created_by: named.nullable(),
});
export type LeadDetail = z.infer<typeof leadDetail>;

const optionalEmail = text()
  .trim()
  .toLowerCase()
  .max(maxNameLength)
  .pipe(z.union([z.literal(''), z.email('The email must be a valid email address.')]))
  .nullable()
  .optional();
const money = z
  .union([
    z.number(),
    text()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,2})?$/, 'The amount must be a number with up to 2 decimals.'),
  ])
  .transform((value) => String(value))
  .nullable()
  .optional();
const optionalReference = reference.nullable().optional();
const isoDateTimeInput = text()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'The field must be a date.')
  .nullable()
  .optional();

/**
 * The fields staff may write on a lead. Phones are normalized with the country (E.164) by the API; a lead
 * needs an email or a phone. Broker-side fields (api_*, lead_url, client_url) are written by the send engine.
 */
export const leadFields = {
  name: optionalText(maxNameLength),
  surname: optionalText(maxNameLength),
  email: optionalEmail,
  alt_email: optionalEmail,
  phone: optionalText(64),
  alt_phone: optionalText(64),
  country: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'The country is an ISO 3166 alpha-2 code.')
    .nullable()
    .optional(),
  date_of_birth: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date of birth is a date like 1990-04-30.')
    .nullable()
    .optional(),
  language: optionalText(16),
  funnel: optionalText(maxNameLength),
  comment: optionalText(maxTextLength),
  address: optionalText(maxTextLength),
  second_address: optionalText(maxTextLength),
  state: optionalText(maxNameLength),
  city: optionalText(maxNameLength),
  zip: optionalText(32),
  ip: z
    .union([z.literal(''), z.ipv4(), z.ipv6()])
    .nullable()
    .optional(),
  source_id: optionalReference,
  affiliate_company_id: optionalReference,
  email_status_id: optionalReference,
  alt_email_status_id: optionalReference,
  phone_status_id: optionalReference,
  alt_phone_status_id: optionalReference,
  live_status: optionalText(maxNameLength),
  not_available_till: isoDateTimeInput,
  purchase_site: optionalText(maxNameLength),
  purchase_date: isoDateTimeInput,
  purchase_amount: money,
  recovery_amount: money,
  product_name: optionalText(maxNameLength),
  card_name: optionalText(maxNameLength),
  card_type: optionalText(64),
  card_digits: text()
    .regex(/^\d{4}$/, 'The card digits are the last 4 digits.')
    .nullable()
    .optional(),
  deposit_exists: z.boolean().optional(),
  is_fresh: z.boolean().optional(),
  tag_ids: z.array(reference).max(100).optional(),
};

const hasContact = (value: { email?: string | null; phone?: string | null }) => Boolean(value.email || value.phone);

const needsContact = { message: 'A lead needs an email or a phone.', path: ['email'] };
const leadCreateFields = { ...leadFields, status_id: optionalReference };

/** A new lead: the fields above plus the starting status (a source's random status when absent). */
export const leadCreateBody = z.strictObject(leadCreateFields).refine(hasContact, needsContact);
export type LeadCreateBody = z.input<typeof leadCreateBody>;

/**
 * `POST /lead` (add lead): the lead, and whether it is queued for distribution as it is saved (needs lead.send, as
 * sending does). A failed lead's retry and an import row take the lead alone (`leadCreateBody`).
 */
/** Queuing leads for distribution sends them to brokers: asking for it (`auto_distribute`) needs the send's permission. */
export const autoDistributePermission: Permission = 'lead.send';

export const addLeadBody = z.strictObject({ ...leadCreateFields, auto_distribute: z.boolean().default(false) }).refine(hasContact, needsContact);
export type AddLeadBody = z.input<typeof addLeadBody>;

export const leadUpdateBody = z.strictObject(leadFields).refine((value) => Object.keys(value).length > 0, 'Nothing to update.');
export type LeadUpdateBody = z.input<typeof leadUpdateBody>;

/** The stored lead as the add-lead and retry answers give it: its own columns, relations by id. */
export const createdLeadData = leadDetail
  .pick({
    id: true,
    lead_id: true,
    name: true,
    surname: true,
    email: true,
    alt_email: true,
    phone: true,
    phone_prefix: true,
    alt_phone: true,
    alt_phone_prefix: true,
    phone_normalized: true,
    country: true,
    language: true,
    funnel: true,
    ip: true,
    status_id: true,
    original_status_id: true,
    status_changed_at: true,
    is_fresh: true,
    deposit_exists: true,
    created_at: true,
    updated_at: true,
  })
  .extend({ source_id: z.number().int().nullable(), affiliate_company_id: z.number().int().nullable(), tag_ids: z.array(z.number().int()) });
export type CreatedLeadData = z.infer<typeof createdLeadData>;

/** The answer of add lead and of a failed lead's successful retry. */
export const leadCreated = z.object({ message: z.string(), data: createdLeadData });

/** Change status: writes a status history with cause `user`. */
export const leadStatusBody = z.strictObject({ status_id: reference });
export type LeadStatusBody = z.infer<typeof leadStatusBody>;

/** Why a failed lead was refused (docs/product.md#failed-leads). */
export const failedLeadReasonCodes = ['INVALID', 'DUPLICATE', 'BLACKLISTED', 'UNKNOWN_SOURCE', 'UNKNOWN_STATUS', 'CAP_REACHED'] as const;
export type FailedLeadReasonCode = (typeof failedLeadReasonCodes)[number];
