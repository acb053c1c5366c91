/**
 * The bookkeeping of one broker call of the engine, in two transactions around it. Before: the cap slots (reserved
 * in PostgreSQL), the send-history row claimed (so the lead is never sent twice to the department), the verdicts met
 * on the way and PICKED. After: the outcome on the history row and the lead (as a send job writes it), the slots
 * given back when the attempt does not count, the outcome's verdict and the lead's distribution state.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { distributionDecisions, leadDistributions, leadSendHistories } from '../../db/schema/index.ts';
import { claimSends } from '../sending/engine/claim.ts';
import { writeSendOutcomes } from '../sending/engine/outcome.ts';
import { engineFailures, type LeadAttempt } from '../sending/engine/sendLead.ts';
import type { Candidate, Verdict } from './candidates.ts';
import { attemptCounts, releaseCapSlots, reserveCapSlots, type AttemptOutcome, type CapSlot } from './capSlots.ts';

/** A verdict as stored: on a candidate of a tier, or on the lead (both null). */
export type Decision = Verdict & { tier: number | null; departmentId: number | null };

export async function writeDecisions(executor: Executor, leadId: number, attempt: number, decisions: readonly Decision[]): Promise<void> {
  if (decisions.length === 0) return;
  await executor
    .insert(distributionDecisions)
    .values(decisions.map((decision) => ({ lead_id: leadId, attempt, tier: decision.tier, department_id: decision.departmentId, code: decision.code, detail: decision.detail })));
}

class Refused extends Error {
  constructor(readonly verdict: Verdict) {
    super(verdict.detail);
  }
}

export type StartedAttempt = { ok: true; historyId: number; slots: CapSlot[] } | { ok: false; verdict: Verdict };

type AttemptStart = { leadId: number; country: string | null; candidate: Candidate; integrationId: number; attempt: number; met: readonly Decision[]; picked: Decision; now: Date };

/** Reserves, claims and records the pick, all or nothing: a full cap or a send elsewhere comes back as the verdict. */
export async function startAttempt(db: Db, input: AttemptStart): Promise<StartedAttempt> {
  const departmentId = input.candidate.departmentId;
  try {
    return await db.transaction(async (tx) => {
      const reservation = await reserveCapSlots(tx, departmentId, input.country, input.now, input.candidate);
      if (!reservation.ok) throw new Refused({ code: reservation.code, detail: reservation.detail });
      const [history] = await tx
        .insert(leadSendHistories)
        .values({ lead_id: input.leadId, broker_department_id: departmentId, send_integration_id: input.integrationId, state: 'queued' })
        .returning({ id: leadSendHistories.id });
      if (!history) throw new Error('send history insert returned nothing');
      const claimed = await claimSends(tx, [history.id], { departmentId, resendUnknown: false });
      if (!claimed.has(history.id)) throw new Refused({ code: 'ALREADY_SENT', detail: 'already sent (by another send at the same time)' });
      await writeDecisions(tx, input.leadId, input.attempt, [...input.met, input.picked]);
      await tx
        .update(leadDistributions)
        .set({ attempts: input.attempt, state: 'pending', updated_at: sql`now()` })
        .where(eq(leadDistributions.lead_id, input.leadId));
      return { ok: true as const, historyId: history.id, slots: reservation.slots };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, verdict: error.verdict };
    throw error;
  }
}

/** What a call's result means for distribution: the attempt's outcome and its verdict. */
export function classify(attempt: LeadAttempt): { outcome: AttemptOutcome; verdict: Verdict } {
  const { result, response } = attempt;
  if (result.success) return { outcome: 'delivered', verdict: { code: 'DELIVERED', detail: result.api_lead_id ? `delivered (broker lead id ${result.api_lead_id})` : 'delivered' } };
  const status = result.failure_status ?? '';
  if (status === engineFailures.timeout)
    return { outcome: 'timeout', verdict: { code: 'TIMEOUT', detail: `no answer in ${(attempt.durationMs / 1000).toFixed(1)} s: the broker may have the lead` } };
  if (status === engineFailures.circuitOpen) return { outcome: 'error', verdict: { code: 'CIRCUIT_OPEN', detail: 'circuit open' } };
  if (response === null || response.status >= 500) {
    return { outcome: 'error', verdict: { code: 'BROKER_ERROR', detail: `broker error: ${response ? `HTTP ${response.status}` : status || 'no answer'}` } };
  }
  return { outcome: 'refused', verdict: { code: 'BROKER_REFUSED', detail: `broker refused: ${status || `HTTP ${response.status}`}` } };
}

type AttemptFinish = { leadId: number; candidate: Candidate; historyId: number; slots: readonly CapSlot[]; attempt: number; call: LeadAttempt; outcome: AttemptOutcome; verdict: Verdict };

/** Writes the call's outcome; a delivery or a timeout also ends the lead's distribution. */
export async function finishAttempt(db: Db, input: AttemptFinish): Promise<void> {
  const { candidate } = input;
  await db.transaction(async (tx) => {
    await writeSendOutcomes(tx, [{ leadId: input.leadId, historyId: input.historyId, attempt: input.call }], candidate.departmentId);
    if (!attemptCounts(input.outcome, candidate.limits.refusals_count)) await releaseCapSlots(tx, input.slots);
    await writeDecisions(tx, input.leadId, input.attempt, [{ ...input.verdict, tier: candidate.tier, departmentId: candidate.departmentId }]);
    if (input.outcome === 'delivered' || input.outcome === 'timeout') {
      await tx
        .update(leadDistributions)
        .set({
          state: input.outcome === 'delivered' ? 'delivered' : 'timeout',
          reason_code: input.verdict.code,
          reason: input.verdict.detail,
          delivered_department_id: input.outcome === 'delivered' ? candidate.departmentId : null,
          hold_until: null,
          updated_at: sql`now()`,
        })
        .where(eq(leadDistributions.lead_id, input.leadId));
    }
  });
}
