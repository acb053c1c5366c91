/**
 * A broker's report on a lead (pulled or pushed back) applied once: its status (`api_lead_status`, `live_status`) and
 * first deposit (`api_ftd_at`, kept once set), a broker-history row, and, when one of our lead statuses bears the
 * broker's status name, the lead's status with a status-history row (cause `broker`). A report that changes nothing
 * writes nothing, so a pull may repeat itself safely. A change is a `lead` event (modules/events).
 */
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { leadBrokerHistories, leadSendHistories, leadStatusHistories, leads, statuses } from '../../../db/schema/index.ts';
import { publishLeadChanges } from '../../events/changes.ts';

export type BrokerReport = {
  /** How the broker names the lead: its own id, our public id, or the email. */
  api_lead_id?: string | null;
  lead_id?: string | null;
  email?: string | null;
  status: string | null;
  ftd_at: Date | null;
  payload: unknown;
};

export type ReportTarget = { leadId: number; departmentId: number | null };

/** The lead a report names, among those sent successfully through this integration (a broker reaches no other). */
export async function findReportedLead(db: Db, integrationId: number, report: BrokerReport): Promise<ReportTarget | null> {
  const names: SQL[] = [];
  if (report.api_lead_id) names.push(eq(leadSendHistories.api_lead_id, report.api_lead_id));
  if (report.lead_id) names.push(eq(leads.lead_id, report.lead_id));
  if (report.email) names.push(eq(leads.email, report.email.trim().toLowerCase()));
  if (names.length === 0) return null;
  const [row] = await db
    .select({ leadId: leads.id, departmentId: leadSendHistories.broker_department_id })
    .from(leadSendHistories)
    .innerJoin(leads, eq(leads.id, leadSendHistories.lead_id))
    .where(and(eq(leadSendHistories.send_integration_id, integrationId), eq(leadSendHistories.state, 'success'), or(...names)))
    .orderBy(desc(leadSendHistories.id))
    .limit(1);
  return row ?? null;
}

/** Applies the report; true when it changed the lead. */
export async function applyBrokerReport(db: Db, target: ReportTarget, report: BrokerReport, channel: 'pull' | 'push'): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({ status_id: leads.status_id, api_lead_status: leads.api_lead_status, api_ftd_at: leads.api_ftd_at })
      .from(leads)
      .where(eq(leads.id, target.leadId))
      .for('update');
    if (!lead) return false;
    const status = report.status?.trim() || null;
    const newStatus = status !== null && status !== lead.api_lead_status;
    const newFtd = report.ftd_at !== null && lead.api_ftd_at === null;
    if (!newStatus && !newFtd) return false;
    const [ours] = newStatus
      ? await tx
          .select({ id: statuses.id })
          .from(statuses)
          .where(and(eq(statuses.class, 'lead'), sql`lower(${statuses.name}) = lower(${status})`))
          .limit(1)
      : [];
    const statusChanges = ours !== undefined && ours.id !== lead.status_id;
    await tx
      .update(leads)
      .set({
        ...(newStatus ? { api_lead_status: status, live_status: status } : {}),
        ...(newFtd ? { api_ftd_at: report.ftd_at, deposit_exists: true } : {}),
        ...(statusChanges ? { status_id: ours.id, status_changed_at: sql`now()` } : {}),
        updated_at: sql`now()`,
      })
      .where(eq(leads.id, target.leadId));
    await tx.insert(leadBrokerHistories).values({
      lead_id: target.leadId,
      broker_department_id: target.departmentId,
      channel,
      api_lead_status: status,
      api_ftd_at: newFtd ? report.ftd_at : null,
      payload: report.payload ?? null,
    });
    if (statusChanges) {
      await tx.insert(leadStatusHistories).values({ lead_id: target.leadId, from_status_id: lead.status_id, to_status_id: ours.id, cause: 'broker' });
    }
    await publishLeadChanges(tx, [target.leadId]);
    return true;
  });
}
