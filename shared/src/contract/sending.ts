/**
 * Send integrations and sending (docs/product.md#send-integrations, issue 7): how a broker department is
 * reached, the test action, the send request, and the broker's postback.
 */
import { z } from 'zod';
import { isoDateTime, maxNameLength, nulFree, optionalText as optionalString, recordId as reference, requiredName, text } from './common.ts';
import { ipOrNetworkList } from './brokers.ts';
import { leadExportFilters } from './leadTransfer.ts';
import { resourceBodies } from './settings.ts';

export const authTypes = ['none', 'basic', 'bearer', 'header_key', 'query_token', 'token_exchange'] as const;
export type AuthType = (typeof authTypes)[number];

export const responseTypes = ['http_2xx', 'json_path_equals', 'body_contains'] as const;
export type ResponseType = (typeof responseTypes)[number];

/** Code adapters for brokers with their own formats; none (null) is the generic JSON adapter. */
export const middlewareNames = ['trackbox', 'elnopy'] as const;
export type MiddlewareName = (typeof middlewareNames)[number];

/**
 * How the lead's phone is written to the broker: `e164` +491701234567, `digits` 491701234567 (E.164 without
 * '+'), `national` 1701234567 with the calling code sent apart as `phone_prefix`.
 */
export const phoneFormats = ['e164', 'digits', 'national'] as const;
export type PhoneFormat = (typeof phoneFormats)[number];

/** The columns held encrypted at rest and never returned in full: an item shows them masked (`••••yz`) or null. */
export const integrationSecretFields = ['password', 'api_token', 'access_token', 'token', 'api_key', 'push_api_key', 'pull_api_key', 'lead_password'] as const;
export type IntegrationSecretField = (typeof integrationSecretFields)[number];

/**
 * `response_content`: the success test of `response_type` and where the broker's answer holds the lead id, the
 * autologin URL, the client URL and an error message. Paths are dotted (`data.items.0.id`).
 */
const jsonPath = text()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[\w$-]+(\.[\w$-]+)*$/, 'A path is dotted names or indexes, like data.id.');
export const responseContent = z.strictObject({
  success_path: jsonPath.optional(),
  success_value: text().max(255).optional(),
  body_contains: text().min(1).max(1000).optional(),
  lead_id_path: jsonPath.optional(),
  autologin_path: jsonPath.optional(),
  client_url_path: jsonPath.optional(),
  error_path: jsonPath.optional(),
});
export type ResponseContent = z.infer<typeof responseContent>;

/** A secret in a write: omitted keeps the stored one, null or '' clears it, text replaces it. */
const secret = text().max(2048).nullable().optional();

export const integrationBodies = resourceBodies({
  name: requiredName,
  site_url: z
    .url({ protocol: /^https?$/, error: 'The site URL must be an http(s) address.' })
    .check(nulFree)
    .max(2048),
  /** Token exchange: the login endpoint answering `{ access_token, expires_in }`. */
  token_url: z
    .url({ protocol: /^https?$/, error: 'The token URL must be an http(s) address.' })
    .check(nulFree)
    .max(2048)
    .nullable()
    .optional(),
  username: optionalString(maxNameLength),
  password: secret,
  api_token: secret,
  access_token: secret,
  auth_type: z.enum(authTypes).optional(),
  response_type: z.enum(responseTypes).optional(),
  response_content: responseContent.optional(),
  tag: optionalString(maxNameLength),
  token: secret,
  affiliate_id: optionalString(maxNameLength),
  register_lead: z.boolean().optional(),
  register_client: z.boolean().optional(),
  is_lead: z.boolean().optional(),
  brand_id: optionalString(maxNameLength),
  campaign_id: optionalString(maxNameLength),
  /** A fixed password for every lead; blank: one generated per lead to the broker's rules (upper, lower, digit, 10 long). */
  lead_password: secret,
  push_api_key: secret,
  pull_api_key: secret,
  link_id: optionalString(maxNameLength),
  send_a_lot: z.boolean().optional(),
  allowed_ips: ipOrNetworkList.optional(),
  is_sender: z.boolean().optional(),
  /** An IANA zone (Europe/Berlin) or a fixed offset (+02:00): the broker's clock for pull windows. */
  gmt_timezone: text().trim().min(1).max(64).optional(),
  api_key: secret,
  middleware: z.enum(middlewareNames).nullable().optional(),
  phone_format: z.enum(phoneFormats).optional(),
  /** At most this many calls to the broker at once (per worker). */
  concurrency: z.number().int().min(1).max(100).optional(),
  /** Seconds a call to the broker may take, 1–60 (15 unless set): past it the lead's outcome is unknown. */
  timeout_seconds: z.number().int().min(1, 'The timeout must be 1 to 60 seconds.').max(60, 'The timeout must be 1 to 60 seconds.').optional(),
  is_active: z.boolean().optional(),
});
export type IntegrationBody = z.input<typeof integrationBodies.create>;

const masked = z.string().nullable();
export const integrationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  site_url: z.string(),
  token_url: z.string().nullable(),
  username: z.string().nullable(),
  password: masked,
  api_token: masked,
  access_token: masked,
  auth_type: z.enum(authTypes),
  response_type: z.enum(responseTypes),
  response_content: responseContent,
  tag: z.string().nullable(),
  token: masked,
  affiliate_id: z.string().nullable(),
  register_lead: z.boolean(),
  register_client: z.boolean(),
  is_lead: z.boolean(),
  brand_id: z.string().nullable(),
  campaign_id: z.string().nullable(),
  lead_password: masked,
  push_api_key: masked,
  pull_api_key: masked,
  link_id: z.string().nullable(),
  send_a_lot: z.boolean(),
  allowed_ips: z.array(z.string()),
  is_sender: z.boolean(),
  gmt_timezone: z.string(),
  api_key: masked,
  middleware: z.enum(middlewareNames).nullable(),
  phone_format: z.enum(phoneFormats),
  concurrency: z.number().int(),
  timeout_seconds: z.number().int(),
  is_active: z.boolean(),
  /** The departments sending through it. */
  departments: z.array(z.object({ id: z.number().int(), label: z.string() })),
  last_pulled_at: isoDateTime.nullable(),
  /** Where the broker posts status and FTD changes (needs `push_api_key`). */
  postback_url: z.string(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type IntegrationItem = z.infer<typeof integrationItem>;

// ── the test action (POST /send/integration/{id}/test) ───────────────────────────────────────────────

/** A sample lead to test with; the defaults are a made-up German lead. */
export const sampleLead = z.strictObject({
  name: text().trim().min(1).max(maxNameLength).default('Test'),
  surname: text().trim().min(1).max(maxNameLength).default('Lead'),
  email: z.email().max(maxNameLength).default('test.lead@example.com'),
  phone: text().trim().min(4).max(32).default('+4915112345678'),
  country: text()
    .regex(/^[A-Z]{2}$/)
    .default('DE'),
  language: text().max(16).default('de'),
  ip: text().max(64).default('203.0.113.10'),
  funnel: text().max(maxNameLength).default('test'),
});
export type SampleLead = z.input<typeof sampleLead>;

/** `dry_run`: build and show the request without calling the broker. */
export const integrationTestRequest = z.strictObject({ dry_run: z.boolean().default(true), lead: sampleLead.prefault({}) });
export type IntegrationTestRequest = z.input<typeof integrationTestRequest>;

/** A request or response as shown and logged: secrets in headers, query and body replaced by `••••`. */
export const sanitizedRequest = z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), body: z.string().nullable() });
export type SanitizedRequest = z.infer<typeof sanitizedRequest>;
export const sanitizedResponse = z.object({ status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.string() });
export type SanitizedResponse = z.infer<typeof sanitizedResponse>;

/** What the response rules made of an answer. */
export const sendOutcome = z.object({
  success: z.boolean(),
  /** Why it failed, in words the send-history filter lists (`GET /lead/history/send/failure/statuses`). */
  failure_status: z.string().nullable(),
  api_lead_id: z.string().nullable(),
  lead_url: z.string().nullable(),
  client_url: z.string().nullable(),
});
export type SendOutcome = z.infer<typeof sendOutcome>;

export const integrationTestResult = z.object({
  dry_run: z.boolean(),
  /** Token exchange: the login call made first (sanitized), when there was one. */
  token_request: sanitizedRequest.nullable(),
  request: sanitizedRequest,
  response: sanitizedResponse.nullable(),
  /** The network error, when there was no response. */
  error: z.string().nullable(),
  outcome: sendOutcome.nullable(),
  duration_ms: z.number().int().nullable(),
});
export type IntegrationTestResult = z.infer<typeof integrationTestResult>;

// ── sending (POST /lead/send) ────────────────────────────────────────────────────────────────────────

/** The most leads one send job takes (the current filter is cut here, newest first). */
export const sendMaxLeads = 50_000;

/** Send the selected leads, or those matching the current filter, to one broker department. */
export const sendRequest = z.strictObject({
  broker_department_id: reference,
  lead_ids: z.array(reference).min(1).max(10_000).optional(),
  filters: leadExportFilters.prefault({}),
  /**
   * Send again the leads whose earlier attempt to this department has an unknown outcome (a timeout, an interrupted
   * call): the broker may have taken them, so they are skipped unless staff ask for this.
   */
  resend_unknown: z.boolean().default(false),
});
export type SendRequest = z.input<typeof sendRequest>;

/** The job's result: counts per outcome. */
export const sendReport = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Leads skipped before calling the broker: already sent there, blacklisted, outside the department's targeting. */
  skipped: z.number().int(),
});
export type SendReport = z.infer<typeof sendReport>;

// ── status and FTD postback (POST /send/integration/{id}/postback) ───────────────────────────────────

/**
 * What a broker posts back, as JSON or a form: the lead by the broker's id or our public id or email, its status
 * and FTD. Authenticated by `key` (query or `x-api-key` header) = the integration's push key, from `allowed_ips`.
 */
const postbackFields = z.object({
  api_lead_id: z.string().trim().min(1).max(255).optional(),
  lead_id: z.string().trim().min(1).max(64).optional(),
  email: z.email().max(maxNameLength).optional(),
  status: z.string().trim().min(1).max(255).optional(),
  ftd: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]).optional(),
  ftd_at: z.iso.datetime({ offset: true, local: true }).optional(),
});
const namesTheLead = (fields: z.output<typeof postbackFields>) => Boolean(fields.api_lead_id ?? fields.lead_id ?? fields.email);
const leadUnnamed = { message: 'Name the lead: api_lead_id, lead_id or email.', path: ['api_lead_id'] };
export const postbackBody = postbackFields.refine(namesTheLead, leadUnnamed);
/** The key of a postback in its query (or in `x-api-key`); a broker's template may add parameters of its own. */
const postbackKey = { key: z.string().max(2048).optional() };
export const postbackKeyQuery = z.object(postbackKey).catchall(z.string().max(2048));
/** The GET form of the postback: its fields are query parameters beside the key. */
export const postbackQuery = postbackFields.extend(postbackKey).catchall(z.string().max(2048)).refine(namesTheLead, leadUnnamed);
export type PostbackBody = z.input<typeof postbackBody>;
