/**
 * An affiliate company's short summary on its detail page: today and this week (Monday to now), both in the
 * company's time zone, with the leads it posted that were taken (`leads.affiliate_company_id`) and those refused by
 * reason (`failed_leads.affiliate_company_id`). Local midnights are worked out in JavaScript from the IANA zone
 * (time/zones.ts), as the dashboard does, so the database's own time-zone data is never used.
 */
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { AffiliateSummary } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { failedLeads, leads } from '../../db/schema/index.ts';
import { formatInZone, startOfDayInZone } from '../../time/zones.ts';
import { requireCompany } from './keys.ts';
import { settingsOf } from './settings.ts';

type Period = AffiliateSummary['today'];

const dayMs = 86_400_000;

/** Today's local day and the Monday of its week (YYYY-MM-DD). */
function localDays(now: Date, zone: string): { today: string; monday: string } {
  const today = formatInZone(now, zone).slice(0, 10);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return { today, monday: new Date(Date.parse(`${today}T00:00:00Z`) - weekday * dayMs).toISOString().slice(0, 10) };
}

async function periodFrom(db: Db, companyId: number, from: Date): Promise<Period> {
  const [[accepted], refused] = await Promise.all([
    // leads_affiliate_created_idx: the company's range of the index, counted without reading rows.
    db
      .select({ n: count() })
      .from(leads)
      .where(and(eq(leads.affiliate_company_id, companyId), gte(leads.created_at, from))),
    db
      .select({ reason: failedLeads.reason_code, count: count() })
      .from(failedLeads)
      .where(and(eq(failedLeads.affiliate_company_id, companyId), gte(failedLeads.created_at, from)))
      .groupBy(failedLeads.reason_code)
      .orderBy(desc(count()), failedLeads.reason_code),
  ]);
  return { from: from.toISOString(), accepted: accepted?.n ?? 0, refused };
}

export async function affiliateSummary(db: Db, companyId: number, now: Date = new Date()): Promise<AffiliateSummary> {
  await requireCompany(db, companyId);
  const { time_zone: zone } = await settingsOf(db, companyId);
  const days = localDays(now, zone);
  const [today, thisWeek] = await Promise.all([periodFrom(db, companyId, startOfDayInZone(days.today, zone)), periodFrom(db, companyId, startOfDayInZone(days.monday, zone))]);
  return { time_zone: zone, today, this_week: thisWeek };
}
