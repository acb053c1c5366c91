/**
 * An affiliate company's daily cap: at most `daily_cap` accepted leads per local day (its `time_zone`). Slots are
 * taken inside the leads' transaction, on the day's counter row (locked, then raised by at most what is left), so
 * concurrent calls on any number of API processes never accept one lead too many; leads refused later in that
 * transaction give their slots back with the rollback.
 */
import { and, count, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { affiliateDailyCounts, leads } from '../../db/schema/index.ts';
import { formatInZone, startOfDayInZone } from '../../time/zones.ts';
import { settingsOf } from './settings.ts';

export type DailyCap = { cap: number; timeZone: string };

export const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The company's cap and zone, or null while it has no cap. */
export async function dailyCapOf(executor: Executor, companyId: number): Promise<DailyCap | null> {
  const settings = await settingsOf(executor, companyId);
  return settings.daily_cap === null ? null : { cap: settings.daily_cap, timeZone: settings.time_zone };
}

/**
 * Takes up to `wanted` slots of `at`'s local day and answers how many it got (0 when the day is full). A day's first
 * count starts from the leads the company already has that day (a cap set at noon counts the morning), less
 * `exceptLeadId`, a lead already written in this transaction that the slots are for.
 */
export async function takeDailySlots(executor: Executor, companyId: number, limit: DailyCap, at: Date, wanted: number, exceptLeadId: number | null = null): Promise<number> {
  const day = formatInZone(at, limit.timeZone).slice(0, 10);
  const raise = async (): Promise<number | null> => {
    const result = await executor.execute<{ before: number; after: number }>(sql`
      with old as (
        select accepted from affiliate_daily_counts where affiliate_company_id = ${companyId} and day = ${day} for update
      )
      update affiliate_daily_counts as counted set accepted = greatest(old.accepted, least(${limit.cap}::int, old.accepted + ${wanted}::int)) from old
       where counted.affiliate_company_id = ${companyId} and counted.day = ${day}
      returning old.accepted as before, counted.accepted as after`);
    const row = result.rows[0];
    return row ? Number(row.after) - Number(row.before) : null;
  };
  const raised = await raise();
  if (raised !== null) return raised;
  const [already] = await executor
    .select({ accepted: count() })
    .from(leads)
    .where(
      and(
        eq(leads.affiliate_company_id, companyId),
        gte(leads.created_at, startOfDayInZone(day, limit.timeZone)),
        lt(leads.created_at, startOfDayInZone(nextDay(day), limit.timeZone)),
        exceptLeadId === null ? undefined : ne(leads.id, exceptLeadId),
      ),
    );
  const before = already?.accepted ?? 0;
  const granted = Math.max(0, Math.min(wanted, limit.cap - before));
  const [first] = await executor
    .insert(affiliateDailyCounts)
    .values({ affiliate_company_id: companyId, day, accepted: before + granted })
    .onConflictDoNothing()
    .returning({ accepted: affiliateDailyCounts.accepted });
  if (first) return granted;
  // Another call wrote the day's first count meanwhile: count on it.
  return (await raise()) ?? 0;
}
