/**
 * What an affiliate company sees of one of its leads (the pull and the postbacks): the public status and the FTD.
 *
 * - Public status: the company's status map entry for the lead's internal status; unmapped (or no status) → the
 *   company's `default_public_status`.
 * - FTD hold: an FTD is shown only `ftd_hold_hours` after it was *reported* (0: at once). While held, `is_ftd` is
 *   false and `ftd_at` null, so the affiliate never sees a deposit staff may still correct.
 * - Reported at: the `created_at` of the lead's broker-history row that carries `api_ftd_at` (there is at most one,
 *   `lead_broker_histories_ftd_lead_unique`; sending/status/apply.ts writes it when the broker reports the deposit,
 *   the same row modules/brokers/ftds.ts counts). A lead with `api_ftd_at` but no such row got its FTD without a broker
 *   report (data written before broker histories, a seed): there is no report time, and the deposit's own time is the
 *   one fixed instant we have, so the hold runs from `api_ftd_at`. Not `leads.updated_at`: any later edit moves it,
 *   which would hide an FTD the affiliate had already seen.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { leadBrokerHistories, leads } from '../../db/schema/index.ts';
import { settingsOf, statusMapOf } from './settings.ts';

/** What a company's leads are shown by; its days are counted in `timeZone`. */
export type PublicRules = { statusMap: ReadonlyMap<number, string>; defaultStatus: string; ftdHoldHours: number; timeZone: string };

/** The lead columns a public view needs (select them with `publicLeadColumns`). */
export type PublicLeadFacts = { status_id: number | null; api_ftd_at: Date | null; ftd_reported_at: Date | null };

export type PublicLeadView = { status: string; is_ftd: boolean; ftd_at: Date | null };

const hourMs = 3_600_000;

/**
 * When the lead's FTD was reported: its broker-history FTD row's time (one at most), else the FTD's own (see the
 * header). Columns are qualified by hand: drizzle leaves them bare in a one-table select, which would let the inner
 * `lead_id = id` compare the history row with itself.
 */
const ftdReportedAt: SQL<Date | null> =
  sql`coalesce((select history.created_at from ${leadBrokerHistories} as history where history.lead_id = ${leads}.id and history.api_ftd_at is not null), ${leads}.api_ftd_at)`.mapWith(
    leads.api_ftd_at,
  );

/** Select these from `leads` to build a `PublicLeadFacts`. */
export const publicLeadColumns = { status_id: leads.status_id, api_ftd_at: leads.api_ftd_at, ftd_reported_at: ftdReportedAt };

export async function publicRulesOf(db: Executor, companyId: number): Promise<PublicRules> {
  const [settings, statusMap] = await Promise.all([settingsOf(db, companyId), statusMapOf(db, companyId)]);
  return { statusMap, defaultStatus: settings.default_public_status, ftdHoldHours: settings.ftd_hold_hours, timeZone: settings.time_zone };
}

const publicStatusOf = (statusId: number | null, rules: PublicRules): string => (statusId === null ? undefined : rules.statusMap.get(statusId)) ?? rules.defaultStatus;

export function publicViewOf(lead: PublicLeadFacts, rules: PublicRules, now: Date = new Date()): PublicLeadView {
  const status = publicStatusOf(lead.status_id, rules);
  const reportedAt = lead.ftd_reported_at ?? lead.api_ftd_at;
  const visible = lead.api_ftd_at !== null && reportedAt !== null && reportedAt.getTime() + rules.ftdHoldHours * hourMs <= now.getTime();
  return visible ? { status, is_ftd: true, ftd_at: lead.api_ftd_at } : { status, is_ftd: false, ftd_at: null };
}
