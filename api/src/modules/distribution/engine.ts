/**
 * The distribution engine (DESIGN §6): a lead goes through its rule's tiers in order; within a tier a weighted
 * random pick among the departments that are open, under every cap (a slot reserved before the call), with a closed
 * circuit, whose targeting accepts the lead, and to which it was never sent; the call goes through the send engine.
 * A refusal or an error fails over to the next candidate (the rest of the tier, then the next tier) up to the most
 * attempts per lead; a timeout does not (the broker may have the lead). When only hours, caps or circuits stand in
 * the way the lead is held and tried again until the hold time ends; otherwise it is left unassigned. Every verdict
 * is stored with the bookkeeping of its attempt (attemptWriter.ts).
 */
import { passingVerdicts, type DistributionState, type DistributionVerdict } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { nextChange } from '../../time/openingHours.ts';
import type { SendEngine } from '../sending/engine/deps.ts';
import { sendLead } from '../sending/engine/sendLead.ts';
import { classify } from './attempt.ts';
import { attemptWriterFor, type Decision } from './attemptWriter.ts';
import { noRuleDetail } from '../leads/distributionQueue.ts';
import { loadPassBatch, type PassBatch, type RoutedLead } from './batch.ts';
import { attemptCounts } from './capSlots.ts';
import { localMoment, passOver, type Candidate, type Verdict } from './candidates.ts';
import { weightedPick, type RandomSource } from './routing.ts';
import type { Router } from './rules.ts';

export type DistributionDeps = {
  engine: SendEngine;
  /** The rules as a pass applies them (rules.ts `savedRulesRouter`; tests give a `fixedRouter`). */
  router: (executor: Executor) => Promise<Router>;
  random?: RandomSource;
  now?: () => Date;
};

export type DistributionResult = { state: DistributionState; reason_code: DistributionVerdict | null; attempts: number; department_id: number | null };

/** A lead held by a cap or a circuit is tried again after this long (one held by hours: when a department opens). */
const retryMs = 5 * 60_000;
const finished: readonly DistributionState[] = ['delivered', 'unassigned', 'timeout'];
const temporary = new Set<DistributionVerdict>(passingVerdicts);
const hour = 3_600_000;

type Settle = {
  state: DistributionState;
  code: DistributionVerdict;
  detail: string;
  attempt: number;
  decisions: readonly Decision[];
  /** The lead's reason when it is not the verdict on the lead (a held lead's: what holds it). */
  reason?: Verdict;
  holdUntil?: Date | null;
  nextAttemptAt?: Date;
};

/** Ends a pass without a delivery: the verdicts still to write and the lead's state, in one transaction. */
async function settle(deps: DistributionDeps, leadId: number, ruleId: number | null, outcome: Settle): Promise<DistributionResult> {
  const lead: Decision = { code: outcome.code, detail: outcome.detail, tier: null, departmentId: null };
  const reasonCode = outcome.reason?.code ?? outcome.code;
  await attemptWriterFor(deps.engine.db).finish({
    leadId,
    attempt: outcome.attempt,
    decisions: [...outcome.decisions, lead],
    state: {
      state: outcome.state,
      reason_code: reasonCode,
      reason: outcome.reason?.detail ?? outcome.detail,
      hold_until: outcome.holdUntil ?? null,
      next_attempt_at: outcome.nextAttemptAt ?? null,
      delivered_department_id: null,
      rule_id: ruleId,
    },
  });
  return { state: outcome.state, reason_code: reasonCode, attempts: outcome.attempt - 1, department_id: null };
}

type Call = { candidate: Candidate; tierWeight: number; passedOver: number; attempt: number; met: Decision[] };
type CallResult = { done: DistributionResult } | { verdict: Verdict; called: boolean };

const integrationOf = (batch: PassBatch, candidate: Candidate) => (candidate.integrationId === null ? undefined : batch.integrations.get(candidate.integrationId));

/** The candidate's integration has calls of this process queued for its slots (limiter.ts). */
function backlogged(deps: DistributionDeps, batch: PassBatch, candidate: Candidate): boolean {
  const integration = integrationOf(batch, candidate);
  return integration !== undefined && deps.engine.limiters.for(integration.id, integration.concurrency).backlogged();
}

/** One pick: reserve and claim, call, write the outcome. */
async function callCandidate(deps: DistributionDeps, batch: PassBatch, lead: RoutedLead & { ruleId: number }, now: Date, call: Call): Promise<CallResult> {
  const { engine } = deps;
  const { candidate } = call;
  const integration = integrationOf(batch, candidate);
  if (!integration) return { verdict: { code: 'INACTIVE', detail: 'no send integration' }, called: false };
  const picked: Decision = {
    code: 'PICKED',
    detail: `picked (weight ${candidate.weight} of ${call.tierWeight}${call.passedOver > 0 ? `; ${call.passedOver} with calls queued passed over` : ''})`,
    tier: candidate.tier,
    departmentId: candidate.departmentId,
  };
  const writer = attemptWriterFor(engine.db);
  const slots = { departmentId: candidate.departmentId, country: lead.country, at: now, limits: candidate.limits, caps: candidate.caps };
  const started = await writer.start({ leadId: lead.id, ruleId: lead.ruleId, integrationId: integration.id, attempt: call.attempt, decisions: [...call.met, picked], slots });
  if (!started.ok) return { verdict: started.verdict, called: false };
  call.met.length = 0;
  const limiter = engine.limiters.for(integration.id, integration.concurrency);
  const result = await limiter.run(() => sendLead(engine, integration, lead));
  const { outcome, verdict } = classify(result);
  const ends = outcome === 'delivered' || outcome === 'timeout';
  await writer.finish({
    leadId: lead.id,
    attempt: call.attempt,
    decisions: [{ ...verdict, tier: candidate.tier, departmentId: candidate.departmentId }],
    send: { leadId: lead.id, historyId: started.historyId, departmentId: candidate.departmentId, attempt: result },
    release: attemptCounts(outcome, candidate.limits.refusals_count) ? [] : started.slots,
    ...(ends && {
      state: {
        state: outcome === 'delivered' ? 'delivered' : 'timeout',
        reason_code: verdict.code,
        reason: verdict.detail,
        hold_until: null,
        next_attempt_at: null,
        delivered_department_id: outcome === 'delivered' ? candidate.departmentId : null,
        rule_id: null,
      },
    }),
  });
  if (ends) return { done: { state: outcome === 'delivered' ? 'delivered' : 'timeout', reason_code: verdict.code, attempts: call.attempt, department_id: candidate.departmentId } };
  return { verdict, called: true };
}

/**
 * Distributes one lead (a pass: a held lead gets more later), with what its claimed batch read (queue.ts), or read
 * for it alone. Idempotent once the lead's distribution has ended.
 */
export async function distributeLead(deps: DistributionDeps, leadId: number, given?: PassBatch): Promise<DistributionResult | null> {
  const now = deps.now?.() ?? new Date();
  const random = deps.random ?? Math.random;
  const batch = given ?? (await loadPassBatch(deps, [leadId]));
  const row = batch.rows.get(leadId);
  const found = batch.leads.get(leadId);
  if (!row || !found) return null;
  if (finished.includes(row.state)) return { state: row.state, reason_code: row.reason_code, attempts: row.attempts, department_id: row.delivered_department_id };
  const { settings } = batch;
  const plan = batch.plans.get(leadId);
  if (!plan) return settle(deps, leadId, null, { state: 'unassigned', code: 'NO_RULE', detail: noRuleDetail, attempt: row.attempts + 1, decisions: [] });
  const { match, candidates, checks } = plan;
  const lead = { ...found, ruleId: match.ruleId };
  const met: Decision[] = [];
  const { full } = attemptWriterFor(deps.engine.db);
  const waiting: { verdict: Verdict; opens: Date | null }[] = [];
  let attempts = row.attempts;
  let last: Verdict | null = null;
  for (let tier = 0; tier < match.tiers.length; tier += 1) {
    const eligible: Candidate[] = [];
    for (const candidate of candidates.filter((entry) => entry.tier === tier)) {
      const verdict = passOver(deps.engine, checks, candidate, lead, now) ?? full.verdictFor(candidate.departmentId, lead.country, now, candidate);
      if (!verdict) {
        eligible.push(candidate);
        continue;
      }
      met.push({ ...verdict, tier, departmentId: candidate.departmentId });
      if (temporary.has(verdict.code)) waiting.push({ verdict, opens: verdict.code === 'CLOSED' ? nextChange(candidate.limits, now) : null });
    }
    while (eligible.length > 0) {
      if (attempts >= settings.max_attempts) {
        return settle(deps, leadId, match.ruleId, {
          state: 'unassigned',
          code: 'MAX_ATTEMPTS',
          detail: `${attempts} attempts made, the most per lead`,
          attempt: attempts + 1,
          decisions: met,
        });
      }
      // While some of the tier have no calls queued here, the weights split the lead among those: a department whose
      // calls queue up would otherwise hold the leads in flight and leave the others idle (bench:distribution).
      const free = eligible.filter((entry) => !backlogged(deps, batch, entry));
      const pool = free.length > 0 ? free : eligible;
      const candidate = weightedPick(pool, random);
      if (!candidate) break;
      const tierWeight = pool.reduce((sum, entry) => sum + entry.weight, 0);
      const passedOver = eligible.length - pool.length;
      eligible.splice(eligible.indexOf(candidate), 1);
      const outcome = await callCandidate(deps, batch, lead, now, { candidate, tierWeight, passedOver, attempt: attempts + 1, met });
      if ('done' in outcome) return outcome.done;
      if (outcome.called) attempts += 1;
      else met.push({ ...outcome.verdict, tier, departmentId: candidate.departmentId });
      if (temporary.has(outcome.verdict.code) && !outcome.called) waiting.push({ verdict: outcome.verdict, opens: null });
      last = outcome.verdict;
    }
  }
  const attempt = attempts + 1;
  const [first] = waiting;
  if (!first) {
    const detail = last ? `no department of the rule took the lead (last: ${last.detail})` : 'no department of the rule can take the lead';
    return settle(deps, leadId, match.ruleId, { state: 'unassigned', code: 'NO_CANDIDATE', detail, attempt, decisions: met });
  }
  const holdUntil = row.hold_until ?? new Date(now.getTime() + settings.hold_hours * hour);
  if (now >= holdUntil)
    return settle(deps, leadId, match.ruleId, { state: 'unassigned', code: 'HOLD_EXPIRED', detail: `held until the hold time ended: ${first.verdict.detail}`, attempt, decisions: met });
  // At the first opening met; sooner when a cap or a circuit holds it (either may free up any time).
  const next = new Date(Math.min(holdUntil.getTime(), ...waiting.map((entry) => entry.opens?.getTime() ?? now.getTime() + retryMs)));
  const detail = `held (${first.verdict.detail}): next try ${localMoment(next, now, 'UTC')}, until ${localMoment(holdUntil, now, 'UTC')}`;
  return settle(deps, leadId, match.ruleId, { state: 'held', code: 'HELD', detail, attempt, decisions: met, reason: first.verdict, holdUntil, nextAttemptAt: next });
}
