/**
 * Demo failed leads: rows an import would refuse, refused by the console's own checks (the add-lead schema, then the
 * intake's blacklist and duplicate checks), so their reasons and messages are the ones staff meet, and each can be fixed
 * and retried. Copies of recent demo leads, spoilt three ways in turn: a malformed email (INVALID), an address at the
 * demo's blacklisted domain (BLACKLISTED), the lead itself again (DUPLICATE); spread over the last fortnight, as the
 * dashboard's failed-leads chart reads them.
 */
import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { failedLeads, leads } from '../../db/schema/index.ts';
import { recordFailedLead } from '../../modules/leads/failed/service.ts';
import { intakeLead, parseLeadInput } from '../../modules/leads/intake/service.ts';
import { day, demoBlacklistedDomain } from './lists.ts';
import type { Random } from './random.ts';
import type { DemoTable } from './report.ts';

/** One failed lead per hundred demo leads, at most this many. */
const mostFailedLeads = 30;

type Spoil = (row: Record<string, unknown>, local: string) => Record<string, unknown>;
const spoils: readonly Spoil[] = [
  (row, local) => ({ ...row, email: `${local}(at)example.com` }),
  (row, local) => ({ ...row, email: `${local}@${demoBlacklistedDomain}`, phone: null }),
  (row) => row,
];

export async function seedDemoFailedLeads(db: Db, random: Random, demoLeads: number, counts: Record<DemoTable, number>): Promise<void> {
  const wanted = Math.min(mostFailedLeads, Math.ceil(demoLeads / 100));
  if (wanted === 0) return;
  // Within the duplicate window (30 days by default), so a copy is refused as one.
  const recent = await db
    .select({ name: leads.name, surname: leads.surname, email: leads.email, phone: leads.phone_normalized, country: leads.country, language: leads.language, source_id: leads.source_id })
    .from(leads)
    .where(and(gte(leads.created_at, new Date(Date.now() - 20 * day)), isNotNull(leads.email)))
    .orderBy(desc(leads.id))
    .limit(wanted);
  for (const [index, lead] of recent.entries()) {
    const spoil = spoils[index % spoils.length] as Spoil;
    const raw = spoil({ ...lead }, (lead.email ?? '').split('@')[0] ?? 'lead');
    const parsed = parseLeadInput(raw);
    const result = parsed.ok ? await intakeLead(db, parsed.input, { userId: null, cause: 'import' }) : parsed;
    if (result.ok) continue;
    const id = await recordFailedLead(db, { raw, reason: result.reason, message: result.message, sourceId: lead.source_id });
    const refusedAt = new Date(Date.now() - random.next() * 14 * day);
    await db.update(failedLeads).set({ created_at: refusedAt, updated_at: refusedAt }).where(eq(failedLeads.id, id));
    counts.failed_leads += 1;
  }
}
