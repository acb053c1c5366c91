/**
 * What a send writes, whoever sends (a send job, automatic distribution): the lead as it is sent, and the outcome of
 * its call on the history row and, when the broker took it, on the lead (its broker fields, and the affiliate's
 * "delivered" event), in the caller's transaction.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { leads, sources } from '../../../db/schema/index.ts';
import { columnLiteral } from '../../../db/sqlArrays.ts';
import { recordAffiliateEvents } from '../../affiliates/postbacks.ts';
import type { LeadAttempt } from './sendLead.ts';

/** The columns a lead is sent and checked with (LeadToSend & CheckedLead); `sources` joined on the lead's source. */
export const leadToSendColumns = {
  id: leads.id,
  lead_id: leads.lead_id,
  name: leads.name,
  surname: leads.surname,
  email: leads.email,
  alt_email: leads.alt_email,
  phone: leads.phone_normalized,
  alt_phone: leads.alt_phone,
  country: leads.country,
  language: leads.language,
  ip: leads.ip,
  funnel: leads.funnel,
  source: sql<string | null>`${sources.name}`.as('source'),
  comment: leads.comment,
};

/** A send's outcome as written: the history row, and the lead's broker fields when it succeeded. */
export type SendOutcome = { leadId: number; historyId: number; departmentId: number; attempt: LeadAttempt };

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** Writes outcomes of calls: the history rows, then the leads that were taken (in lead order). */
export async function writeSendOutcomes(tx: Executor, written: readonly SendOutcome[]): Promise<void> {
  const rows = [...written].sort((a, b) => a.leadId - b.leadId);
  const taken = rows.filter((row) => row.attempt.result.success);
  await tx.execute(sql`
    update lead_send_histories as h
       set state = v.state, failure_status = v.failure_status, api_lead_id = v.api_lead_id, lead_url = v.lead_url,
           request = v.request, response = v.response, duration_ms = v.duration_ms, updated_at = now()
      from unnest(${columnLiteral(rows.map((row) => row.historyId))}::bigint[],
                  ${columnLiteral(rows.map((row) => (row.attempt.result.success ? 'success' : 'failure')))}::text[],
                  ${columnLiteral(rows.map((row) => row.attempt.result.failure_status))}::text[],
                  ${columnLiteral(rows.map((row) => row.attempt.result.api_lead_id))}::text[],
                  ${columnLiteral(rows.map((row) => row.attempt.result.lead_url))}::text[],
                  ${columnLiteral(rows.map((row) => json(row.attempt.request)))}::jsonb[],
                  ${columnLiteral(rows.map((row) => json(row.attempt.response)))}::jsonb[],
                  ${columnLiteral(rows.map((row) => row.attempt.durationMs))}::int[])
        as v(id, state, failure_status, api_lead_id, lead_url, request, response, duration_ms)
     where h.id = v.id`);
  if (taken.length === 0) return;
  await tx.execute(sql`
    update leads as l
       set api_lead_id = v.api_lead_id, lead_url = v.lead_url, client_url = v.client_url, last_broker_department_id = v.department_id,
           last_sent_at = now(), is_fresh = false, updated_at = now()
      from unnest(${columnLiteral(taken.map((row) => row.leadId))}::int[],
                  ${columnLiteral(taken.map((row) => row.attempt.result.api_lead_id))}::text[],
                  ${columnLiteral(taken.map((row) => row.attempt.result.lead_url))}::text[],
                  ${columnLiteral(taken.map((row) => row.attempt.result.client_url))}::text[],
                  ${columnLiteral(taken.map((row) => row.departmentId))}::int[])
        as v(id, api_lead_id, lead_url, client_url, department_id)
     where l.id = v.id`);
  // Delivered to a broker: the leads' affiliates hear of it (those with a postback for it), committed with the send.
  await recordAffiliateEvents(
    tx,
    taken.map((row) => row.leadId),
    'delivered',
  );
}
