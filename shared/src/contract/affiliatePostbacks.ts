/**
 * Affiliate postbacks (docs/product.md#affiliate-postbacks): per affiliate company and event, a URL the console calls
 * when one of the company's leads is accepted, delivered to a broker, changes its public status, or becomes an FTD
 * (after the company's FTD hold). Macros in the URL are replaced by the lead's values, URL-encoded.
 */
import { z } from 'zod';
import { isoDateTime, paginationQuery, text } from './common.ts';

export const affiliatePostbackEvents = ['accepted', 'delivered', 'status', 'ftd'] as const;
export type AffiliatePostbackEvent = (typeof affiliatePostbackEvents)[number];

export const affiliatePostbackMethods = ['GET', 'POST'] as const;
export type AffiliatePostbackMethod = (typeof affiliatePostbackMethods)[number];

/** An event waits (`pending`, retried with backoff), then is `delivered` (a 2xx) or, 24 h after it was due, `failed`. */
export const affiliatePostbackStates = ['pending', 'delivered', 'failed'] as const;
export type AffiliatePostbackState = (typeof affiliatePostbackStates)[number];

/** `{event_id}` is the same on every attempt of one event: the affiliate dedupes by it. */
export const affiliatePostbackMacros = ['lead_id', 'click_id', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5', 'status', 'ftd_at', 'event', 'event_id'] as const;
export type AffiliatePostbackMacro = (typeof affiliatePostbackMacros)[number];
export type AffiliatePostbackValues = Record<AffiliatePostbackMacro, string>;

const macroPattern = /\{([^{}]*)\}/g;
const knownMacros: ReadonlySet<string> = new Set(affiliatePostbackMacros);

/** The URL a template gives for these values: each macro replaced by its value, URL-encoded (a missing value: empty). */
export function expandPostbackUrl(template: string, values: Partial<AffiliatePostbackValues>): string {
  return template.replace(macroPattern, (whole, name: string) => (knownMacros.has(name) ? encodeURIComponent(values[name as AffiliatePostbackMacro] ?? '') : whole));
}

const maxUrlLength = 2000;

/** What is wrong with a URL template, or null: an absolute http(s) URL whose macros are all known and closed. */
export function urlTemplateProblem(template: string): string | null {
  const unknown = [...template.matchAll(macroPattern)].map((match) => match[1] ?? '').filter((name) => !knownMacros.has(name));
  if (unknown.length > 0) {
    const list = affiliatePostbackMacros.map((name) => `{${name}}`).join(', ');
    return `The URL template has an unknown macro {${unknown[0]}}: use ${list}.`;
  }
  // A brace left over once the macros are taken out would be sent as it is: `{lead_id` without its end.
  if (/[{}]/.test(template.replace(macroPattern, ''))) return 'The URL template has a { or } that does not close a macro like {lead_id}.';
  let url: URL;
  try {
    url = new URL(expandPostbackUrl(template, {}));
  } catch {
    return 'The URL template must be an absolute URL like https://example.com/postback?id={lead_id}.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL template must start with http:// or https://.';
  if (url.hostname === '') return 'The URL template must name a host.';
  return null;
}

const urlTemplate = text()
  .trim()
  .min(1, { message: 'The URL template field is required.', abort: true })
  .max(maxUrlLength, { abort: true })
  .superRefine((value, context) => {
    const problem = urlTemplateProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const templateFields = {
  event: z.enum(affiliatePostbackEvents),
  method: z.enum(affiliatePostbackMethods).optional(),
  url_template: urlTemplate,
  is_active: z.boolean().optional(),
};

/** One template per company and event: a second one for the same event is a 422 under `event`. */
export const affiliatePostbackCreateBody = z.strictObject(templateFields);
export type AffiliatePostbackCreateBody = z.input<typeof affiliatePostbackCreateBody>;

export const affiliatePostbackUpdateBody = z
  .strictObject({ method: templateFields.method, url_template: urlTemplate.optional(), is_active: templateFields.is_active })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update.');
export type AffiliatePostbackUpdateBody = z.input<typeof affiliatePostbackUpdateBody>;

export const affiliatePostbackItem = z.object({
  id: z.number().int(),
  affiliate_company_id: z.number().int(),
  event: z.enum(affiliatePostbackEvents),
  method: z.enum(affiliatePostbackMethods),
  url_template: z.string(),
  is_active: z.boolean(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AffiliatePostbackItem = z.infer<typeof affiliatePostbackItem>;

/** One call to an affiliate's URL: what it answered (null status: no answer — a timeout or a network error). */
export const affiliatePostbackOutcome = z.object({
  method: z.enum(affiliatePostbackMethods),
  url: z.string(),
  delivered: z.boolean(),
  status: z.number().int().nullable(),
  duration_ms: z.number().int(),
  body_excerpt: z.string().nullable(),
  error: z.string().nullable(),
});
export type AffiliatePostbackOutcome = z.infer<typeof affiliatePostbackOutcome>;

export const affiliatePostbackLogQuery = paginationQuery.extend({
  event: z.enum(affiliatePostbackEvents).optional(),
  state: z.enum(affiliatePostbackStates).optional(),
});
export type AffiliatePostbackLogQuery = z.input<typeof affiliatePostbackLogQuery>;

/** One event of the delivery log: `event_id` is what the affiliate got as `{event_id}`. */
export const affiliatePostbackDelivery = z.object({
  event_id: z.number().int(),
  event: z.enum(affiliatePostbackEvents),
  lead: z.object({ id: z.number().int(), lead_id: z.string() }),
  state: z.enum(affiliatePostbackStates),
  attempts: z.number().int(),
  due_at: isoDateTime,
  next_attempt_at: isoDateTime.nullable(),
  delivered_at: isoDateTime.nullable(),
  last_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: isoDateTime,
});
export type AffiliatePostbackDelivery = z.infer<typeof affiliatePostbackDelivery>;
