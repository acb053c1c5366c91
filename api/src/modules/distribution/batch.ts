/**
 * What a pass over a claimed batch of leads reads once, not per lead: the leads (with what the rules match on), their
 * distribution rows, the settings, the rules (a `Router`), each lead's match, the candidates of each matched rule
 * (departments, their hours and caps settings), the send checks of every lead against every candidate, and the
 * candidates' send integrations. Calls left unfinished by a dead worker are closed for the whole batch in one
 * statement. A batch lives for one claim (a few hundred milliseconds), so what it read is as fresh as a per-lead read.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { leadDistributions, leadSendHistories, leads, sources } from '../../db/schema/index.ts';
import type { IntegrationConfig, LeadToSend } from '../sending/adapters/types.ts';
import { checksForLeads, type CheckedLead } from '../sending/engine/checks.ts';
import { leadToSendColumns } from '../sending/engine/outcome.ts';
import { interruptedStatus } from '../sending/engine/targets.ts';
import { loadIntegrationConfigs } from '../sending/integrations/resource.ts';
import { candidatesOf, type Candidate, type LeadChecks } from './candidates.ts';
import type { DistributionDeps } from './engine.ts';
import type { RuleMatch } from './routing.ts';
import type { RoutableLead, Router } from './rules.ts';
import { distributionSettingsOf, type DistributionSettings } from './settings.ts';

export type RoutedLead = LeadToSend & CheckedLead & RoutableLead;
type DistributionRow = typeof leadDistributions.$inferSelect;

/** A lead's rule, its candidates in tier order and its send checks against them. */
type LeadPlan = { match: NonNullable<RuleMatch>; candidates: Candidate[]; checks: LeadChecks };

export type PassBatch = {
  settings: DistributionSettings;
  leads: Map<number, RoutedLead>;
  rows: Map<number, DistributionRow>;
  /** Absent: no rule matches the lead. */
  plans: Map<number, LeadPlan>;
  /** The candidates' send integrations, secrets opened. */
  integrations: Map<number, IntegrationConfig>;
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

export async function loadPassBatch(deps: Pick<DistributionDeps, 'engine' | 'router'>, leadIds: readonly number[], router?: Router): Promise<PassBatch> {
  const { db, secrets } = deps.engine;
  const ids = [...leadIds];
  // A call an earlier pass started and never finished (its worker died; the lease let this one in): the broker may
  // have the lead, so that department is not tried again (ALREADY_SENT) and its slots stay taken.
  await db
    .update(leadSendHistories)
    .set({ state: 'failure', failure_status: interruptedStatus, updated_at: sql`now()` })
    .where(and(inArray(leadSendHistories.lead_id, ids), isNull(leadSendHistories.job_id), eq(leadSendHistories.state, 'sending')));
  const readRows = () => db.select().from(leadDistributions).where(inArray(leadDistributions.lead_id, ids));
  const [firstRows, found, settings, rules] = await Promise.all([
    readRows(),
    db.select(routingColumns).from(leads).leftJoin(sources, eq(sources.id, leads.source_id)).where(inArray(leads.id, ids)),
    distributionSettingsOf(db),
    router ?? deps.router(db),
    // The circuits the verdicts read (a statement at most every second per process: other processes may open one).
    deps.engine.breakers.refresh(),
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
  const matches = found.flatMap((lead) => {
    const match = rules.match(lead);
    return match ? [{ lead, match }] : [];
  });
  const byRule = new Map<number, Promise<Candidate[]>>();
  for (const { match } of matches) if (!byRule.has(match.ruleId)) byRule.set(match.ruleId, candidatesOf(db, match.tiers));
  const candidates = new Map(await Promise.all([...byRule].map(async ([ruleId, loading]) => [ruleId, await loading] as const)));
  const everyCandidate = [...candidates.values()].flat();
  const [checks, integrations] = await Promise.all([
    checksForLeads(
      db,
      matches.map(({ lead }) => lead),
      [...new Set(everyCandidate.map((candidate) => candidate.departmentId))],
    ),
    loadIntegrationConfigs(
      db,
      secrets,
      everyCandidate.flatMap((candidate) => (candidate.integrationId === null ? [] : [candidate.integrationId])),
    ),
  ]);
  const plans = new Map(
    matches.map(({ lead, match }) => [lead.id, { match, candidates: candidates.get(match.ruleId) ?? [], checks: (targeting) => checks(lead, targeting) } satisfies LeadPlan]),
  );
  return {
    settings,
    leads: new Map(found.map((lead) => [lead.id, lead])),
    rows: new Map(rows.map((row) => [row.lead_id, row])),
    plans,
    integrations,
  };
}
