/**
 * What is checked right before a lead is sent, for a chunk of leads at once: the blacklist (it may have grown since
 * intake), whether the department already took the lead (or may have: an attempt whose outcome is unknown, or one under
 * way in another job, counts as taken unless staff asked to resend those), its targeting, and that there is a contact.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { leadSendHistories } from '../../../db/schema/index.ts';
import { blacklistIndex, entriesFor } from '../../leads/blacklist/batch.ts';
import { contactValuesOf, hitsAmong } from '../../leads/blacklist/matcher.ts';
import { engineFailures } from './sendLead.ts';
import { interruptedStatus } from './targets.ts';

/** Failure statuses of an attempt that may have reached the broker. */
export const outcomeUnknownStatuses = [engineFailures.timeout, interruptedStatus];

export const skipStatuses = {
  blacklisted: 'Blacklisted',
  alreadySent: 'Already sent to this department',
  outcomeUnknown: 'Sent to this department before, outcome unknown',
  country: 'Country not accepted by the department',
  language: 'Language not accepted by the department',
  noContact: 'No email or phone',
  cancelled: 'Cancelled',
} as const;

export type CheckedLead = {
  id: number;
  email: string | null;
  alt_email: string | null;
  phone: string | null;
  alt_phone: string | null;
  ip: string | null;
  country: string | null;
  language: string | null;
};
/** `jobId`: the job checking (its own rows are not "sent before"); 0 for a send outside a job. */
export type Targeting = { departmentId: number; jobId: number; resendUnknown: boolean; countries: readonly string[]; languages: readonly string[] };

/** Lead id → why it is not sent (absent: send it). */
export async function skipReasons(db: Executor, chunk: readonly CheckedLead[], targeting: Targeting): Promise<Map<number, string>> {
  const reasons = new Map<number, string>();
  if (chunk.length === 0) return reasons;
  const contacts = chunk.map((lead) => contactValuesOf({ email: lead.email, alt_email: lead.alt_email, phone_normalized: lead.phone, alt_phone: lead.alt_phone, ip: lead.ip }));
  const [index, sentBefore] = await Promise.all([
    blacklistIndex(db, contacts),
    db
      .selectDistinct({ lead_id: leadSendHistories.lead_id, state: leadSendHistories.state })
      .from(leadSendHistories)
      .where(
        and(
          eq(leadSendHistories.broker_department_id, targeting.departmentId),
          or(inArray(leadSendHistories.state, ['success', 'sending']), and(eq(leadSendHistories.state, 'failure'), inArray(leadSendHistories.failure_status, outcomeUnknownStatuses))),
          // Rows without a job (automatic distribution's) count too.
          sql`${leadSendHistories.job_id} is distinct from ${targeting.jobId}`,
          inArray(
            leadSendHistories.lead_id,
            chunk.map((lead) => lead.id),
          ),
        ),
      ),
  ]);
  const alreadySent = new Set(sentBefore.filter((row) => row.state === 'success').map((row) => row.lead_id));
  // An attempt under way elsewhere is never doubled; an unknown outcome only when staff did not ask to resend it.
  const maybeSent = new Set(sentBefore.filter((row) => row.state === 'sending' || !targeting.resendUnknown).map((row) => row.lead_id));
  const countries = new Set(targeting.countries);
  const languages = new Set(targeting.languages.map((code) => code.toLowerCase()));
  chunk.forEach((lead, position) => {
    const values = contacts[position];
    let reason: string | null = null;
    if (!lead.email && !lead.phone) reason = skipStatuses.noContact;
    else if (values && hitsAmong(values, entriesFor(values, index)).length > 0) reason = skipStatuses.blacklisted;
    else if (alreadySent.has(lead.id)) reason = skipStatuses.alreadySent;
    else if (maybeSent.has(lead.id)) reason = skipStatuses.outcomeUnknown;
    else if (countries.size > 0 && !countries.has(lead.country ?? '')) reason = skipStatuses.country;
    else if (languages.size > 0 && !languages.has((lead.language ?? '').toLowerCase())) reason = skipStatuses.language;
    if (reason) reasons.set(lead.id, reason);
  });
  return reasons;
}
