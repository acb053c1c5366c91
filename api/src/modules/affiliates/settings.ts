/**
 * An affiliate company's settings (time zone, daily cap, default public status, FTD hold) and its status map. A
 * company without a settings row has the defaults of the table `affiliate_settings`; PUT writes the row.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AffiliateSettingsItem, AffiliateStatusMap, affiliateSettingsBody, affiliateStatusMapBody } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { affiliateSettings, affiliateStatusMap, statuses } from '../../db/schema/index.ts';
import { invalidUnlessEmpty } from '../../http/errors.ts';
import { requireCompany } from './keys.ts';

export type AffiliateSettings = Omit<AffiliateSettingsItem, 'affiliate_company_id'>;

/** The table's own column defaults, so that a company without a row reads exactly what an inserted row would hold. */
const defaultAffiliateSettings: Readonly<AffiliateSettings> = {
  time_zone: String(affiliateSettings.time_zone.default),
  daily_cap: null,
  default_public_status: String(affiliateSettings.default_public_status.default),
  ftd_hold_hours: Number(affiliateSettings.ftd_hold_hours.default),
};

/** The company's settings, its defaults when it has no row (the company is not checked: callers know it exists). */
export async function settingsOf(db: Executor, companyId: number): Promise<AffiliateSettings> {
  const [row] = await db
    .select({
      time_zone: affiliateSettings.time_zone,
      daily_cap: affiliateSettings.daily_cap,
      default_public_status: affiliateSettings.default_public_status,
      ftd_hold_hours: affiliateSettings.ftd_hold_hours,
    })
    .from(affiliateSettings)
    .where(eq(affiliateSettings.affiliate_company_id, companyId));
  return row ?? { ...defaultAffiliateSettings };
}

export async function readSettings(db: Db, companyId: number): Promise<AffiliateSettingsItem> {
  await requireCompany(db, companyId);
  return { affiliate_company_id: companyId, ...(await settingsOf(db, companyId)) };
}

export async function writeSettings(db: Db, companyId: number, body: z.output<typeof affiliateSettingsBody>): Promise<AffiliateSettingsItem> {
  await requireCompany(db, companyId);
  await db
    .insert(affiliateSettings)
    .values({ affiliate_company_id: companyId, ...body })
    .onConflictDoUpdate({ target: affiliateSettings.affiliate_company_id, set: { ...body, updated_at: new Date() } });
  return readSettings(db, companyId);
}

/** Internal status id → public status. */
export async function statusMapOf(db: Executor, companyId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ status_id: affiliateStatusMap.status_id, public_status: affiliateStatusMap.public_status })
    .from(affiliateStatusMap)
    .where(eq(affiliateStatusMap.affiliate_company_id, companyId));
  return new Map(rows.map((row) => [row.status_id, row.public_status]));
}

export async function readStatusMap(db: Db, companyId: number): Promise<AffiliateStatusMap> {
  await requireCompany(db, companyId);
  const map = await db
    .select({ status_id: affiliateStatusMap.status_id, public_status: affiliateStatusMap.public_status })
    .from(affiliateStatusMap)
    .where(eq(affiliateStatusMap.affiliate_company_id, companyId))
    .orderBy(asc(affiliateStatusMap.status_id));
  return { map };
}

/** Replaces the whole map in one transaction: a status left out falls back to the default public status. */
export async function replaceStatusMap(db: Db, companyId: number, body: z.output<typeof affiliateStatusMapBody>): Promise<AffiliateStatusMap> {
  await requireCompany(db, companyId);
  const ids = body.map.map((entry) => entry.status_id);
  const known = new Set(ids.length === 0 ? [] : (await db.select({ id: statuses.id }).from(statuses).where(inArray(statuses.id, ids))).map((row) => row.id));
  const errors: Record<string, string[]> = {};
  body.map.forEach((entry, index) => {
    if (!known.has(entry.status_id)) errors[`map.${index}.status_id`] = ['The selected status does not exist.'];
  });
  invalidUnlessEmpty(errors);
  await db.transaction(async (tx) => {
    await tx.delete(affiliateStatusMap).where(eq(affiliateStatusMap.affiliate_company_id, companyId));
    if (body.map.length > 0) await tx.insert(affiliateStatusMap).values(body.map.map((entry) => ({ affiliate_company_id: companyId, ...entry })));
  });
  return readStatusMap(db, companyId);
}
