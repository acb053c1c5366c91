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
  refusedBefore: 'Refused or failed at this department before',
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

/**
 * How a send of the lead to the department ended, as the checks read it: delivered, under way, outcome unknown, or
 * refused or failed there (read for automatic distribution only: a job may send again where a broker refused).
 */
type SendKind = 'success' | 'sending' | 'unknown' | 'refused';
/** `sent`: the kinds of the sends of each lead to each department, by `lead:department`. */
type Loaded = { contacts: ReturnType<typeof contactValuesOf>[]; index: Awaited<ReturnType<typeof blacklistIndex>>; sent: Map<string, SendKind[]> };
const sendKey = (leadId: number, departmentId: number) => `${leadId}:${departmentId}`;

/** Failures that never reached the broker: a check passed the lead over, the circuit was open, or the request could not be made. */
const neverSent: ReadonlySet<string> = new Set([...Object.values(skipStatuses), engineFailures.circuitOpen]);
const reachedBroker = (failureStatus: string | null) => failureStatus === null || (!neverSent.has(failureStatus) && !failureStatus.startsWith(engineFailures.integration));

function kindOf(state: string, failureStatus: string | null): SendKind | null {
  if (state === 'success' || state === 'sending') return state;
  if (state !== 'failure') return null;
  if (failureStatus !== null && outcomeUnknownStatuses.includes(failureStatus)) return 'unknown';
  return reachedBroker(failureStatus) ? 'refused' : null;
}

/**
 * The blacklist entries the leads' contacts meet and their sends (or maybe-sends) to the departments, other jobs'.
 * `withRefusals`: every failure is read too, so a refusal or an error there counts as tried.
 */
async function load(db: Executor, chunk: readonly CheckedLead[], departmentIds: readonly number[], jobId: number, withRefusals = false): Promise<Loaded> {
  const contacts = chunk.map((lead) => contactValuesOf({ email: lead.email, alt_email: lead.alt_email, phone_normalized: lead.phone, alt_phone: lead.alt_phone, ip: lead.ip }));
  const failures = withRefusals ? eq(leadSendHistories.state, 'failure') : and(eq(leadSendHistories.state, 'failure'), inArray(leadSendHistories.failure_status, outcomeUnknownStatuses));
  const [index, rows] = await Promise.all([
    blacklistIndex(db, contacts),
    db
      .selectDistinct({
        lead_id: leadSendHistories.lead_id,
        department_id: leadSendHistories.broker_department_id,
        state: leadSendHistories.state,
        failure_status: leadSendHistories.failure_status,
      })
      .from(leadSendHistories)
      .where(
        and(
          inArray(leadSendHistories.broker_department_id, [...departmentIds]),
          or(inArray(leadSendHistories.state, ['success', 'sending']), failures),
          // Rows without a job (automatic distribution's) count too.
          sql`${leadSendHistories.job_id} is distinct from ${jobId}`,
          inArray(
            leadSendHistories.lead_id,
            chunk.map((lead) => lead.id),
          ),
        ),
      ),
  ]);
  const sent = new Map<string, SendKind[]>();
  for (const row of rows) {
    const kind = kindOf(row.state, row.failure_status);
    if (!kind) continue;
    const key = sendKey(row.lead_id, row.department_id ?? 0);
    sent.set(key, [...(sent.get(key) ?? []), kind]);
  }
  return { contacts, index, sent };
}

/** Why the lead (at `position` of the loaded chunk) is not sent to the targeting's department, or null. */
function reasonFor(loaded: Loaded, lead: CheckedLead, position: number, targeting: Targeting): string | null {
  const values = loaded.contacts[position];
  const sent = loaded.sent.get(sendKey(lead.id, targeting.departmentId)) ?? [];
  const countries = targeting.countries;
  const languages = targeting.languages.map((code) => code.toLowerCase());
  if (!lead.email && !lead.phone) return skipStatuses.noContact;
  if (values && hitsAmong(values, entriesFor(values, loaded.index)).length > 0) return skipStatuses.blacklisted;
  if (sent.includes('success')) return skipStatuses.alreadySent;
  // An attempt under way elsewhere is never doubled; an unknown outcome only when staff did not ask to resend it.
  if (sent.includes('sending') || (sent.includes('unknown') && !targeting.resendUnknown)) return skipStatuses.outcomeUnknown;
  if (sent.includes('refused')) return skipStatuses.refusedBefore;
  if (countries.length > 0 && !countries.includes(lead.country ?? '')) return skipStatuses.country;
  if (languages.length > 0 && !languages.includes((lead.language ?? '').toLowerCase())) return skipStatuses.language;
  return null;
}

/** Lead id → why it is not sent (absent: send it). */
export async function skipReasons(db: Executor, chunk: readonly CheckedLead[], targeting: Targeting): Promise<Map<number, string>> {
  const reasons = new Map<number, string>();
  if (chunk.length === 0) return reasons;
  const loaded = await load(db, chunk, [targeting.departmentId], targeting.jobId);
  chunk.forEach((lead, position) => {
    const reason = reasonFor(loaded, lead, position, targeting);
    if (reason) reasons.set(lead.id, reason);
  });
  return reasons;
}

/**
 * The same checks for many leads and many departments, loaded at once (automatic distribution meets every department
 * of a rule, for a claimed batch of leads): answers why a lead is not sent to a targeting's department, or null.
 */
export async function checksForLeads(db: Executor, chunk: readonly CheckedLead[], departmentIds: readonly number[]): Promise<(lead: CheckedLead, targeting: Targeting) => string | null> {
  if (chunk.length === 0) return () => null;
  const loaded = await load(db, chunk, departmentIds.length > 0 ? departmentIds : [0], 0, true);
  const positions = new Map(chunk.map((lead, position) => [lead.id, position]));
  return (lead, targeting) => reasonFor(loaded, lead, positions.get(lead.id) ?? -1, targeting);
}
