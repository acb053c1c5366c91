/**
 * The affiliate intake API (docs/product.md#affiliate-intake-api): the API keys staff give an affiliate company, and
 * `POST /api/v1/leads`, the one call an affiliate's server makes per lead.
 */
import { z } from 'zod';
import { ipOrNetworkList } from './brokers.ts';
import { isoDateTime, maxNameLength, optionalText, recordId as reference, requiredName, text } from './common.ts';
import { distributionStates } from './distributionDecisions.ts';
import { leadFields } from './leads.ts';

// ── API keys (console side) ──────────────────────────────────────────────────────────────────────────

const moment = text()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), 'The expiry must be a date and time like 2027-01-31T00:00:00Z.');

const keyFields = {
  name: requiredName,
  source_id: reference,
  allowed_ips: ipOrNetworkList.optional(),
  rate_limit_per_minute: z.number().int().min(1).max(100_000).optional(),
  is_active: z.boolean().optional(),
  expires_at: moment.nullable().optional(),
};

export const affiliateKeyCreateBody = z.strictObject(keyFields);
export type AffiliateKeyCreateBody = z.input<typeof affiliateKeyCreateBody>;

export const affiliateKeyUpdateBody = z
  .strictObject({ ...keyFields, name: requiredName.optional(), source_id: reference.optional() })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update.');
export type AffiliateKeyUpdateBody = z.input<typeof affiliateKeyUpdateBody>;

/** Rotate: a new key now; the old one keeps working for `grace_hours` (24 by default, 0 ends it at once). */
export const affiliateKeyRotateBody = z.strictObject({ grace_hours: z.number().int().min(0).max(720).optional() }).nullish();

export const affiliateKeyItem = z.object({
  id: z.number().int(),
  affiliate_company_id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; the key itself is shown once. */
  key_prefix: z.string(),
  source_id: z.number().int(),
  allowed_ips: z.array(z.string()),
  rate_limit_per_minute: z.number().int(),
  is_active: z.boolean(),
  expires_at: isoDateTime.nullable(),
  last_used_at: isoDateTime.nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type AffiliateKeyItem = z.infer<typeof affiliateKeyItem>;

/** Create and rotate: the new key in full, this once. */
export const affiliateKeyIssued = z.object({ message: z.string(), data: affiliateKeyItem.extend({ key: z.string() }) });

// ── POST /api/v1/leads (affiliate side) ──────────────────────────────────────────────────────────────

const tracking = optionalText(maxNameLength);

/** One lead as an affiliate posts it; unknown fields are refused. A lead needs an email or a phone. */
export const affiliateLeadBody = z
  .strictObject({
    first_name: leadFields.name,
    last_name: leadFields.surname,
    email: leadFields.email,
    phone: leadFields.phone,
    country: leadFields.country,
    language: leadFields.language,
    ip: leadFields.ip,
    funnel: leadFields.funnel,
    comment: leadFields.comment,
    click_id: tracking,
    sub1: tracking,
    sub2: tracking,
    sub3: tracking,
    sub4: tracking,
    sub5: tracking,
    password: optionalText(maxNameLength),
  })
  .refine((value) => Boolean(value.email || value.phone), { message: 'A lead needs an email or a phone.', path: ['email'] });
export type AffiliateLeadBody = z.input<typeof affiliateLeadBody>;

/** A lead and the answers to it as the API's reference and the console's integration instructions show them. */
export const affiliateLeadExample: AffiliateLeadBody = {
  first_name: 'Jane',
  last_name: 'Doe',
  email: 'jane.doe@example.com',
  phone: '+4915112345678',
  country: 'DE',
  language: 'de',
  ip: '203.0.113.7',
  funnel: 'crypto-de',
  click_id: 'c-8f2a',
  sub1: 'banner-3',
};

/** The longest `?wait=` of `POST /api/v1/leads`, in seconds. */
export const affiliateMaxWaitSeconds = 30;

export const affiliateLeadWaitQuery = z.object({
  wait: z.coerce
    .number({ error: 'wait must be a whole number of seconds.' })
    .int('wait must be a whole number of seconds.')
    .min(0, 'wait must be 0 or more.')
    .max(affiliateMaxWaitSeconds, `wait must be at most ${affiliateMaxWaitSeconds} seconds.`)
    .optional()
    .meta({
      description:
        `Seconds (0–${affiliateMaxWaitSeconds}) to wait for the lead's distribution before answering: the answer comes as soon as it is delivered ` +
        "(with the broker's autologin URL and lead id), held or unassigned, or when the time is up (`pending`: distribution goes on).",
    }),
});

/** Where the lead's distribution stands when a call with `?wait=` is answered. */
export const affiliateLeadDistribution = z.object({
  state: z.enum(distributionStates),
  autologin_url: z.string().nullable(),
  broker_lead_id: z.string().nullable(),
});
export type AffiliateLeadDistribution = z.infer<typeof affiliateLeadDistribution>;

export const affiliateLeadAccepted = z.object({
  status: z.literal('accepted'),
  lead_id: z.string(),
  received_at: isoDateTime,
  distribution: affiliateLeadDistribution.optional().meta({ description: 'Only with `?wait=`.' }),
});
export type AffiliateLeadAccepted = z.infer<typeof affiliateLeadAccepted>;
export const affiliateAcceptedExample: AffiliateLeadAccepted = { status: 'accepted', lead_id: 'L0123456789', received_at: '2026-11-27T12:00:00.000Z' };

export const affiliateRefusalReasons = [
  'INVALID',
  'DUPLICATE',
  'BLACKLISTED',
  'KEY_INVALID',
  'IP_NOT_ALLOWED',
  'RATE_LIMITED',
  'CAP_REACHED',
  'IN_FLIGHT',
  'IDEMPOTENCY_CONFLICT',
  'NOT_FOUND',
] as const;
export type AffiliateRefusalReason = (typeof affiliateRefusalReasons)[number];

/** The HTTP status each refusal is answered with: what an affiliate's integration instructions list next to the code. */
export const affiliateRefusalStatus = {
  INVALID: 422,
  DUPLICATE: 409,
  BLACKLISTED: 422,
  KEY_INVALID: 401,
  IP_NOT_ALLOWED: 403,
  RATE_LIMITED: 429,
  CAP_REACHED: 429,
  IN_FLIGHT: 409,
  IDEMPOTENCY_CONFLICT: 422,
  NOT_FOUND: 404,
} as const satisfies Record<AffiliateRefusalReason, number>;

export const affiliateLeadRefused = z.object({
  status: z.literal('refused'),
  reason: z.enum(affiliateRefusalReasons),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type AffiliateLeadRefused = z.infer<typeof affiliateLeadRefused>;
export const affiliateInvalidExample: AffiliateLeadRefused = {
  status: 'refused',
  reason: 'INVALID',
  message: 'The phone number is not valid.',
  errors: { phone: ['The phone number is not valid.'] },
};
