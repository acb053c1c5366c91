/**
 * One affiliate lead through the one intake path: the public field names mapped onto the lead's, the key's company and
 * source given to it. A lead intake refuses (INVALID, DUPLICATE, BLACKLISTED) is kept as a failed lead, so staff can
 * fix and retry it; the answer never says which blacklist entry matched nor which lead a duplicate repeats.
 */
import type { z } from 'zod';
import type { AffiliateLeadRefused, affiliateLeadBody } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { recordFailedLead } from '../leads/failed/service.ts';
import type { IntakeRefusal, LeadIntakeInput } from '../leads/intake/schema.ts';
import { intakeLead } from '../leads/intake/service.ts';
import { recordAffiliateEvent } from './postbacks.ts';
import type { AffiliateCaller } from './publicApi.ts';

type AffiliateLead = z.output<typeof affiliateLeadBody>;

export type AffiliateIntakeResult = { ok: true; id: number; leadId: string; receivedAt: Date } | { ok: false; status: RefusedStatus; refused: AffiliateLeadRefused };

/** Lead field → public field, where they differ. */
const publicNames: Readonly<Record<string, string>> = { name: 'first_name', surname: 'last_name' };

const refusedStatus = { INVALID: 422, DUPLICATE: 409, BLACKLISTED: 422 } as const;
type RefusedStatus = (typeof refusedStatus)[keyof typeof refusedStatus];

function publicRefusal(refused: IntakeRefusal): { status: RefusedStatus; refused: AffiliateLeadRefused } {
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

export async function receiveAffiliateLead(db: Db, caller: AffiliateCaller, body: AffiliateLead): Promise<AffiliateIntakeResult> {
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
  const result = await intakeLead(db, input, { userId: null, cause: 'intake', tracking });
  if (result.ok) {
    await recordAffiliateEvent(db, { affiliateCompanyId: caller.affiliateCompanyId, leadId: result.lead.id, event: 'accepted' });
    return { ok: true, id: result.lead.id, leadId: result.lead.lead_id, receivedAt };
  }
  // Kept in the add-lead body's form, so that a retry from the failed leads screen reads it.
  const raw = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null));
  await recordFailedLead(db, { raw, reason: result.reason, message: result.message, sourceId: caller.sourceId, affiliateCompanyId: caller.affiliateCompanyId });
  return { ok: false, ...publicRefusal(result) };
}
