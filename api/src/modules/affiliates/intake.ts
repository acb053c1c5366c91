/**
 * One affiliate lead through the one intake path: the public field names mapped onto the lead's, the key's company and
 * source given to it. A lead intake refuses (INVALID, DUPLICATE, BLACKLISTED) is kept as a failed lead, so staff can
 * fix and retry it; the answer never says which blacklist entry matched nor which lead a duplicate repeats.
 */
import { z } from 'zod';
import { affiliateLeadAccepted, affiliateLeadRefused, type AffiliateLeadAccepted, type AffiliateLeadRefused, type FailedLeadReasonCode, type affiliateLeadBody } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { recordFailedLead } from '../leads/failed/service.ts';
import type { IntakeRefusal, LeadIntakeInput } from '../leads/intake/schema.ts';
import { intakeLead } from '../leads/intake/service.ts';
import { dailyCapOf, takeDailySlots } from './dailyCap.ts';
import { storeIdempotentAnswer } from './idempotency.ts';
import { recordAffiliateEvent } from './postbacks.ts';
import type { AffiliateCaller } from './publicApi.ts';

type AffiliateLead = z.output<typeof affiliateLeadBody>;

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

const refusedStatus = { INVALID: 422, DUPLICATE: 409, BLACKLISTED: 422 } as const;

function publicRefusal(refused: IntakeRefusal): { status: AnswerStatus; refused: AffiliateLeadRefused } {
  if (refused.reason === 'BLACKLISTED') return { status: refusedStatus.BLACKLISTED, refused: { status: 'refused', reason: 'BLACKLISTED', message: 'The lead was refused.' } };
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(refused.errors)) {
    const name = publicNames[field] ?? field;
    // A duplicate's message names the lead it repeats: not the affiliate's business.
    errors[name] = refused.reason === 'DUPLICATE' ? [`A lead with this ${name} already exists.`] : messages;
  }
  // A missing source or status can only be ours (the key's source): to the affiliate it is a lead we cannot take.
  const reason = refused.reason === 'DUPLICATE' ? 'DUPLICATE' : 'INVALID';
  const message = Object.values(errors)[0]?.[0] ?? 'The lead was refused.';
  return { status: refusedStatus[reason], refused: { status: 'refused', reason, message, errors } };
}

/** Thrown inside the lead's savepoint to undo the lead when the company's day is full. */
class DayFull extends Error {}

const capReached: AffiliateLeadRefused = { status: 'refused', reason: 'CAP_REACHED', message: "The affiliate company's daily cap is reached." };

/**
 * Takes one lead: the lead (or, when refused, the failed lead), the daily cap's count and the idempotent answer are
 * written in one transaction, so a crash leaves either all of them or none.
 */
export async function receiveAffiliateLead(db: Db, caller: AffiliateCaller, body: AffiliateLead, idempotencyKey?: string): Promise<AffiliateAnswer> {
  const receivedAt = new Date();
  const input: LeadIntakeInput = {
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
  const tracking = { click_id: body.click_id, sub1: body.sub1, sub2: body.sub2, sub3: body.sub3, sub4: body.sub4, sub5: body.sub5 };
  return db.transaction(async (tx) => {
    const cap = await dailyCapOf(tx, caller.affiliateCompanyId);
    let answer: AffiliateAnswer;
    let failure: { reason: FailedLeadReasonCode; message: string } | null = null;
    try {
      answer = await tx.transaction(async (lead) => {
        const result = await intakeLead(lead, input, { userId: null, cause: 'intake', tracking });
        if (!result.ok) {
          failure = result;
          const refusal = publicRefusal(result);
          return { status: refusal.status, body: refusal.refused, leadRowId: null };
        }
        if (cap && (await takeDailySlots(lead, caller.affiliateCompanyId, cap, receivedAt, 1, result.lead.id)) === 0) throw new DayFull();
        await recordAffiliateEvent(lead, { affiliateCompanyId: caller.affiliateCompanyId, leadId: result.lead.id, event: 'accepted' });
        return { status: 201, body: { status: 'accepted', lead_id: result.lead.lead_id, received_at: receivedAt.toISOString() }, leadRowId: result.lead.id };
      });
    } catch (error) {
      if (!(error instanceof DayFull)) throw error;
      failure = { reason: 'CAP_REACHED', message: capReached.message };
      answer = { status: 429, body: capReached, leadRowId: null };
    }
    if (failure) {
      // Kept in the add-lead body's form, so that a retry from the failed leads screen reads it.
      const raw = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));
      await recordFailedLead(tx, { raw, ...failure, sourceId: caller.sourceId, affiliateCompanyId: caller.affiliateCompanyId });
    }
    if (idempotencyKey !== undefined) await storeIdempotentAnswer(tx, caller.affiliateCompanyId, idempotencyKey, answer);
    return answer;
  });
}
