/**
 * Leads (docs/product.md#leads): the search query, the list row, the profile, and the add / edit / status bodies.
 * Shared by the API (validation, OpenAPI) and mfe-leads (types, form rules).
 */
import { z } from 'zod';
import { estimatedPaginated, idText, isoDateTime, maxNameLength, maxTextLength, optionalText, paginationQuery, recordId as reference, text } from './common.ts';
import { distributionStates } from './distributionDecisions.ts';
import type { Permission } from './permissions.ts';

/** `1,2,3` (or a repeated key) → [1, 2, 3]: the multi-value filters of the advanced search. */
const listOf = <Item extends z.ZodType>(item: Item, max: number) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : value), z.array(item).min(1).max(max));
const idList = listOf(idText, 100);
const codeList = listOf(text().trim().min(2).max(16), 300);
const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** `YYYY-MM-DD` or a full ISO date-time; a date-only upper bound includes that whole day (UTC). */
export const isoDateFilter = (name: string) =>
  text()
    .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, `The ${name} field must be an ISO date.`)
    .refine((value) => !Number.isNaN(Date.parse(value)), `The ${name} field must be an ISO date.`);

const endOfDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(value) + 86_399_999 : Date.parse(value));

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
  funnel: text().trim().min(1).max(maxNameLength).optional(),
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
