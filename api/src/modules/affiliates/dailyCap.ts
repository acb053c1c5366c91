/**
 * An affiliate company's daily cap: at most `daily_cap` accepted leads per local day (its `time_zone`). A slot is
 * taken inside the lead's transaction with a guarded UPDATE, so concurrent calls on any number of API processes
 * never accept one lead too many; a lead refused later in that transaction gives its slot back with the rollback.
 */
import { and, count, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { affiliateDailyCounts, affiliateSettings, leads } from '../../db/schema/index.ts';
import { formatInZone, startOfDayInZone } from '../../time/zones.ts';

export type DailyCap = { cap: number; timeZone: string };

export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The company's cap and zone, or null while it has no cap. */
export async function dailyCapOf(executor: Executor, companyId: number): Promise<DailyCap | null> {
  const [row] = await executor
    .select({ cap: affiliateSettings.daily_cap, timeZone: affiliateSettings.time_zone })
    .from(affiliateSettings)
    .where(eq(affiliateSettings.affiliate_company_id, companyId));
  return row && row.cap !== null ? { cap: row.cap, timeZone: row.timeZone } : null;
}

/**
 * Counts one accepted lead against the cap of `at`'s local day; false when the day is full. A day's first count
 * starts from the leads the company already has that day (a cap set at noon counts the morning); after that one
 * guarded UPDATE a lead.
 */
export async function takeDailySlot(executor: Executor, companyId: number, limit: DailyCap, at: Date, leadRowId: number): Promise<boolean> {
  const day = formatInZone(at, limit.timeZone).slice(0, 10);
  const ofDay = and(eq(affiliateDailyCounts.affiliate_company_id, companyId), eq(affiliateDailyCounts.day, day));
  const bump = async (): Promise<boolean> => {
    const rows = await executor
      .update(affiliateDailyCounts)
      .set({ accepted: sql`${affiliateDailyCounts.accepted} + 1` })
      .where(and(ofDay, lt(affiliateDailyCounts.accepted, limit.cap)))
      .returning({ accepted: affiliateDailyCounts.accepted });
    return rows.length > 0;
  };
  if (await bump()) return true;
  const [existing] = await executor.select({ accepted: affiliateDailyCounts.accepted }).from(affiliateDailyCounts).where(ofDay);
  if (existing) return false;
  // The day's other leads, and this one (already written, but its created_at may fall a moment past midnight).
  const [already] = await executor
    .select({ accepted: count() })
    .from(leads)
    .where(
      and(
        eq(leads.affiliate_company_id, companyId),
        gte(leads.created_at, startOfDayInZone(day, limit.timeZone)),
        lt(leads.created_at, startOfDayInZone(nextDay(day), limit.timeZone)),
        ne(leads.id, leadRowId),
      ),
    );
  const [first] = await executor
    .insert(affiliateDailyCounts)
    .values({ affiliate_company_id: companyId, day, accepted: (already?.accepted ?? 0) + 1 })
    .onConflictDoNothing()
    .returning({ accepted: affiliateDailyCounts.accepted });
  if (first) return first.accepted <= limit.cap;
  // Another call wrote the day's first count meanwhile: count on it.
  return bump();
}
