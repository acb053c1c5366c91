/**
 * What an affiliate company sees of its leads (docs/product.md#affiliate-intake-api): its settings (time zone, daily
 * cap, the default public status, the FTD hold), the map from internal statuses to public ones, the pull of its own
 * leads (`GET /api/v1/leads`) and the console's short summary.
 */
import { z } from 'zod';
import { isExistingDate, isoDateTime, recordId, text, timeZoneName, wholeNumberText } from './common.ts';
import { leadTracking } from './leads.ts';

// ── Settings and status map (console side) ───────────────────────────────────────────────────────────

/** How long an FTD may be held back from the affiliate: up to 30 days. */
export const maxFtdHoldHours = 720;

const publicStatus = text().trim().min(1, 'The public status is required.').max(64, 'The public status may have at most 64 characters.');

const settingsFields = {
  time_zone: timeZoneName,
  daily_cap: z.number().int().min(1).max(10_000_000).nullable(),
  default_public_status: publicStatus,
  ftd_hold_hours: z.number().int().min(0).max(maxFtdHoldHours),
};

/** PUT: the fields sent are set; a company without settings gets the defaults for the others. */
export const affiliateSettingsBody = z
  .strictObject({
    time_zone: settingsFields.time_zone.optional(),
    daily_cap: settingsFields.daily_cap.optional(),
    default_public_status: settingsFields.default_public_status.optional(),
    ftd_hold_hours: settingsFields.ftd_hold_hours.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update.');
export type AffiliateSettingsBody = z.input<typeof affiliateSettingsBody>;

export const affiliateSettingsItem = z.object({
  affiliate_company_id: z.number().int(),
  time_zone: z.string(),
  daily_cap: z.number().int().nullable(),
  default_public_status: z.string(),
  ftd_hold_hours: z.number().int(),
});
export type AffiliateSettingsItem = z.infer<typeof affiliateSettingsItem>;

export const affiliateStatusMapEntry = z.strictObject({ status_id: recordId, public_status: publicStatus });
export type AffiliateStatusMapEntry = z.infer<typeof affiliateStatusMapEntry>;

/** PUT replaces the whole map; an internal status appears at most once. */
export const affiliateStatusMapBody = z.strictObject({
  map: z
    .array(affiliateStatusMapEntry)
    .max(1000)
    .superRefine((entries, context) => {
      const seen = new Set<number>();
      entries.forEach((entry, index) => {
        if (seen.has(entry.status_id)) context.addIssue({ code: 'custom', path: [index, 'status_id'], message: 'This status is mapped more than once.' });
        seen.add(entry.status_id);
      });
    }),
});
export type AffiliateStatusMapBody = z.input<typeof affiliateStatusMapBody>;

export const affiliateStatusMap = z.object({ map: z.array(z.object({ status_id: z.number().int(), public_status: z.string() })) });
export type AffiliateStatusMap = z.infer<typeof affiliateStatusMap>;

// ── Summary (console side) ───────────────────────────────────────────────────────────────────────────

const summaryPeriod = z.object({
  /** Where the period starts: the company's local midnight (today) or Monday's (this week). */
  from: isoDateTime,
  /** Leads the company posted that were taken. */
  accepted: z.number().int(),
  /** Leads it posted that were refused, by reason, most frequent first. */
  refused: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});

export const affiliateSummary = z.object({ time_zone: z.string(), today: summaryPeriod, this_week: summaryPeriod });
export type AffiliateSummary = z.infer<typeof affiliateSummary>;

// ── GET /api/v1/leads (affiliate side) ───────────────────────────────────────────────────────────────

/**
 * A day (the company's local day) or an exact moment with its offset, on a day that exists between the years 1900 and
 * 2999: 2026-13-45, 0000-01-01 or 9999-12-31 (whose end is in the year 10000) had reached the database as a 500.
 */
const dayOrMoment = text()
  .trim()
  .refine(
    (value) =>
      (/^\d{4}-\d{2}-\d{2}$/.test(value) || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) &&
      isExistingDate(value) &&
      value.slice(0, 4) >= '1900' &&
      value.slice(0, 4) <= '2999',
    'Use a day like 2026-11-27 or a date and time with its offset like 2026-11-27T08:00:00Z.',
  );

export const affiliateLeadPullLimit = { default: 100, max: 500 } as const;

export const affiliateLeadPullQuery = z.strictObject({
  /** Received at or after: a day starts at the company's local midnight. */
  from: dayOrMoment.optional(),
  /** Received before: a day includes the whole of that day. */
  to: dayOrMoment.optional(),
  /** The public status, as the affiliate sees it (case-insensitive). */
  status: text().trim().min(1).max(64).optional(),
  /** The next page: `next_page` of the page before (an opaque keyset position, not a number). */
  page: text().max(200).optional(),
  limit: wholeNumberText(1, affiliateLeadPullLimit.max).default(affiliateLeadPullLimit.default),
});

export const affiliateLeadParam = z.strictObject({ lead_id: text().trim().min(1).max(64) });

export const affiliatePulledLead = z.object({
  lead_id: z.string(),
  status: z.string(),
  is_ftd: z.boolean(),
  ftd_at: isoDateTime.nullable(),
  ...leadTracking.shape,
  country: z.string().nullable(),
  received_at: isoDateTime,
});
export type AffiliatePulledLead = z.infer<typeof affiliatePulledLead>;

export const affiliateLeadPage = z.object({ data: z.array(affiliatePulledLead), next_page: z.string().nullable() });
export type AffiliateLeadPage = z.infer<typeof affiliateLeadPage>;
