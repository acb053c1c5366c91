/**
 * What a pass over a claimed batch of leads reads once, not per lead: the leads (with what the rules match on), their
 * distribution rows, the settings, the rules (a `Router`), and the candidates of each matched rule (departments, their
 * hours and caps settings). Calls left unfinished by a dead worker are closed for the whole batch in one statement.
 * A batch lives for one claim (a few hundred milliseconds), so what it read is as fresh as a per-lead read.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { leadDistributions, leadSendHistories, leads, sources } from '../../db/schema/index.ts';
import type { LeadToSend } from '../sending/adapters/types.ts';
import type { CheckedLead } from '../sending/engine/checks.ts';
import { leadToSendColumns } from '../sending/engine/outcome.ts';
import { interruptedStatus } from '../sending/engine/targets.ts';
import { candidatesOf, type Candidate } from './candidates.ts';
import type { RuleMatch } from './routing.ts';
import type { RoutableLead, Router } from './rules.ts';
import { distributionSettingsOf, type DistributionSettings } from './settings.ts';

export type RoutedLead = LeadToSend & CheckedLead & RoutableLead;
type DistributionRow = typeof leadDistributions.$inferSelect;

export type PassBatch = {
  router: Router;
  settings: DistributionSettings;
  leads: Map<number, RoutedLead>;
  rows: Map<number, DistributionRow>;
  /** The candidates of a matched rule, read once per rule and batch. */
  candidates(match: NonNullable<RuleMatch>): Promise<Candidate[]>;
};

/** What the rules match on, beside what a send needs. */
const routingColumns = {
  ...leadToSendColumns,
  affiliate_company_id: leads.affiliate_company_id,
  source_id: leads.source_id,
  sub1: leads.sub1,
  sub2: leads.sub2,
  sub3: leads.sub3,
  sub4: leads.sub4,
  sub5: leads.sub5,
};

export async function loadPassBatch(db: Executor, route: (executor: Executor) => Promise<Router>, leadIds: readonly number[]): Promise<PassBatch> {
  const ids = [...leadIds];
  // A call an earlier pass started and never finished (its worker died; the lease let this one in): the broker may
  // have the lead, so that department is not tried again (ALREADY_SENT) and its slots stay taken.
  await db
    .update(leadSendHistories)
    .set({ state: 'failure', failure_status: interruptedStatus, updated_at: sql`now()` })
    .where(and(inArray(leadSendHistories.lead_id, ids), isNull(leadSendHistories.job_id), eq(leadSendHistories.state, 'sending')));
  const readRows = () => db.select().from(leadDistributions).where(inArray(leadDistributions.lead_id, ids));
  const [firstRows, found, settings, router] = await Promise.all([
    readRows(),
    db.select(routingColumns).from(leads).leftJoin(sources, eq(sources.id, leads.source_id)).where(inArray(leads.id, ids)),
    distributionSettingsOf(db),
    route(db),
  ]);
  let rows = firstRows;
  if (rows.length < ids.length) {
    // A lead distributed without being queued (a direct call) gets its row here.
    await db
      .insert(leadDistributions)
      .values(ids.map((leadId) => ({ lead_id: leadId })))
      .onConflictDoNothing();
    rows = await readRows();
  }
  const byRule = new Map<number, Promise<Candidate[]>>();
  return {
    router,
    settings,
    leads: new Map(found.map((lead) => [lead.id, lead])),
    rows: new Map(rows.map((row) => [row.lead_id, row])),
    candidates(match) {
      const known = byRule.get(match.ruleId);
      if (known) return known;
      const loading = candidatesOf(db, match.tiers);
      byRule.set(match.ruleId, loading);
      return loading;
    },
  };
}
