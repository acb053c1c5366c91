/**
 * Affiliate leads through intake, a batch at a time (the route groups concurrent calls, db/batcher.ts): the public field names
 * mapped onto the lead's, the key's company and source given to each, the company's daily cap applied. A refused lead
 * (INVALID, DUPLICATE, BLACKLISTED, CAP_REACHED) is kept as a failed lead, so staff can fix and retry it; the answer
 * never says which blacklist entry matched nor which lead a duplicate repeats. The leads, the failed leads, the cap's
 * count, the idempotent answers and the accepted leads' places in the distribution queue are written in one
 * transaction: a crash leaves all of them or none.
 */
import { z } from 'zod';
import { affiliateLeadAccepted, affiliateLeadBody, affiliateLeadRefused, affiliateRefusalStatus, type AffiliateLeadAccepted, type AffiliateLeadRefused } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { recordFailedLeads } from '../leads/failed/service.ts';
import { intakeLeadBatch, type BatchOutcome } from '../leads/intake/batch.ts';
import { refusal, type IntakeRefusal, type LeadIntakeInput } from '../leads/intake/schema.ts';
import { dailyCapOf, takeDailySlots } from './dailyCap.ts';
import { storeIdempotentAnswer } from './idempotency.ts';
import { recordAffiliateEvents } from './postbacks.ts';
import type { AffiliateCaller } from './publicApi.ts';

type AffiliateLead = z.output<typeof affiliateLeadBody>;

/** One call: who posted what, when, under which Idempotency-Key. */
export type AffiliateCall = { caller: AffiliateCaller; body: AffiliateLead; idempotencyKey: string | undefined; receivedAt: Date };

const answerStatuses = [201, 409, 422, 429] as const;
type AnswerStatus = (typeof answerStatuses)[number];
type AnswerBody = AffiliateLeadAccepted | AffiliateLeadRefused;

/** The HTTP answer to one call, and the lead row it wrote (for the request log). */
export type AffiliateAnswer = { status: AnswerStatus; body: AnswerBody; leadRowId: number | null };

const answerBody = z.union([affiliateLeadAccepted, affiliateLeadRefused]);

/** An answer stored for an `Idempotency-Key`, read back (null if it is not one this code stores). */
export function storedAnswer(status: number, body: unknown): { status: AnswerStatus; body: AnswerBody } | null {
  const known = answerStatuses.find((candidate) => candidate === status);
  const parsed = answerBody.safeParse(body);
  return known !== undefined && parsed.success ? { status: known, body: parsed.data } : null;
}

/** Lead field → public field, where they differ. */
const publicNames: Readonly<Record<string, string>> = { name: 'first_name', surname: 'last_name' };

const capReachedMessage = "The affiliate company's daily cap is reached.";

function publicRefusal(refused: IntakeRefusal): { status: AnswerStatus; body: AffiliateLeadRefused } {
  if (refused.reason === 'BLACKLISTED') return { status: affiliateRefusalStatus.BLACKLISTED, body: { status: 'refused', reason: 'BLACKLISTED', message: 'The lead was refused.' } };
  if (refused.reason === 'CAP_REACHED') return { status: affiliateRefusalStatus.CAP_REACHED, body: { status: 'refused', reason: 'CAP_REACHED', message: capReachedMessage } };
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(refused.errors)) {
    const name = publicNames[field] ?? field;
    // A duplicate's message names the lead it repeats: not the affiliate's business.
    errors[name] = refused.reason === 'DUPLICATE' ? [`A lead with this ${name} already exists.`] : messages;
  }
  // A missing source or status can only be ours (the key's source): to the affiliate it is a lead we cannot take.
  const reason = refused.reason === 'DUPLICATE' ? 'DUPLICATE' : 'INVALID';
  const message = Object.values(errors)[0]?.[0] ?? 'The lead was refused.';
  return { status: affiliateRefusalStatus[reason], body: { status: 'refused', reason, message, errors } };
}

function leadInputOf({ caller, body }: Pick<AffiliateCall, 'caller' | 'body'>): LeadIntakeInput {
  return {
    name: body.first_name,
    surname: body.last_name,
    email: body.email,
    phone: body.phone,
    country: body.country,
    language: body.language,
    ip: body.ip,
    funnel: body.funnel,
    comment: body.comment,
    source_id: caller.sourceId,
    affiliate_company_id: caller.affiliateCompanyId,
  };
}

const trackingOf = ({ body }: AffiliateCall) => ({ click_id: body.click_id, sub1: body.sub1, sub2: body.sub2, sub3: body.sub3, sub4: body.sub4, sub5: body.sub5 });

/** The daily caps: per company among the calls, the slots left today; the calls past them are CAP_REACHED. */
function underDailyCaps(calls: readonly AffiliateCall[]) {
  return async (executor: Executor, passed: readonly number[]): Promise<Map<number, IntakeRefusal>> => {
    const refused = new Map<number, IntakeRefusal>();
    const byCompany = new Map<number, number[]>();
    for (const index of passed) {
      const companyId = calls[index]?.caller.affiliateCompanyId;
      if (companyId !== undefined) byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), index]);
    }
    for (const [companyId, indexes] of byCompany) {
      const cap = await dailyCapOf(executor, companyId);
      if (!cap) continue;
      const granted = await takeDailySlots(executor, companyId, cap, calls[indexes[0] ?? 0]?.receivedAt ?? new Date(), indexes.length);
      for (const index of indexes.slice(granted)) refused.set(index, refusal('CAP_REACHED', { _: [capReachedMessage] }));
    }
    return refused;
  };
}

function answerOf(outcome: BatchOutcome, call: AffiliateCall): AffiliateAnswer {
  if (outcome.ok) return { status: 201, body: { status: 'accepted', lead_id: outcome.leadId, received_at: call.receivedAt.toISOString() }, leadRowId: outcome.id };
  return { ...publicRefusal(outcome), leadRowId: null };
}

/** A refused lead as a failed lead keeps it: in the add-lead body's form, so that a retry from the failed leads screen reads it. */
const failedRawOf = (call: Pick<AffiliateCall, 'caller' | 'body'>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(leadInputOf(call)).filter(([, value]) => value !== undefined && value !== null));

const bodyFields: ReadonlySet<string> = new Set(Object.keys(affiliateLeadBody.shape));

/** A lead with bad values (an object of known fields, each text), not a body of the wrong shape. */
function leadShaped(body: unknown): body is Record<string, string | null> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  return Object.entries(body).every(([field, value]) => bodyFields.has(field) && (value === null || typeof value === 'string'));
}

/**
 * A lead the route's schema refused for its values (a bad email, too long a name, neither email nor phone) is kept as
 * an INVALID failed lead, as the values the intake refuses (a bad phone) are: staff see every refusal and may fix it.
 * A body of the wrong shape (not an object, an unknown field, a number or a list for a text) writes nothing.
 */
export async function keepRefusedBody(db: Db, caller: AffiliateCaller, body: unknown, message: string): Promise<void> {
  if (!leadShaped(body)) return;
  // Its fields are known and text: read as the schema would have given them.
  const raw = failedRawOf({ caller, body: body as AffiliateLead });
  await recordFailedLeads(db, [{ raw, reason: 'INVALID', message, sourceId: caller.sourceId, affiliateCompanyId: caller.affiliateCompanyId }]);
}

/** Takes the calls' leads in one transaction and answers each. */
export async function receiveAffiliateLeads(db: Db, calls: readonly AffiliateCall[]): Promise<AffiliateAnswer[]> {
  return db.transaction(async (tx) => {
    const outcomes = await intakeLeadBatch(
      tx,
      calls.map((call) => ({ input: leadInputOf(call), tracking: trackingOf(call) })),
      { cause: 'intake', admit: underDailyCaps(calls), distribute: true },
    );
    const answers = outcomes.map((outcome, index) => answerOf(outcome, calls[index] as AffiliateCall));
    const failed = calls.flatMap((call, index) => {
      const outcome = outcomes[index];
      if (!outcome || outcome.ok) return [];
      return [{ raw: failedRawOf(call), reason: outcome.reason, message: outcome.message, sourceId: call.caller.sourceId, affiliateCompanyId: call.caller.affiliateCompanyId }];
    });
    await recordFailedLeads(tx, failed);
    await recordAffiliateEvents(
      tx,
      outcomes.flatMap((outcome) => (outcome.ok ? [outcome.id] : [])),
      'accepted',
    );
    for (const [index, call] of calls.entries()) {
      const answer = answers[index];
      if (call.idempotencyKey !== undefined && answer) await storeIdempotentAnswer(tx, call.caller.affiliateCompanyId, call.idempotencyKey, answer);
    }
    return answers;
  });
}
