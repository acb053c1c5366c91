/** Send-history rows as `leadSendHistory` items: the lead, department label, integration and user loaded once per page. */
import { inArray } from 'drizzle-orm';
import type { LeadSendHistory } from '@crm/shared/contract';
import { leads, leadSendHistories } from '../../../db/schema/index.ts';
import type { Executor } from '../../../db/database.ts';
import { departmentLabelsById } from '../../brokers/relations.ts';
import { idsOf, integrationNames, pick, userNames } from '../../../db/relations.ts';

export type SendHistoryRow = typeof leadSendHistories.$inferSelect;

export async function toSendHistoryItems(executor: Executor, rows: readonly SendHistoryRow[]): Promise<LeadSendHistory[]> {
  if (rows.length === 0) return [];
  const leadIds = idsOf(rows.map((row) => row.lead_id));
  const [leadRows, departments, names, integrations] = await Promise.all([
    executor.select({ id: leads.id, lead_id: leads.lead_id, name: leads.name, email: leads.email }).from(leads).where(inArray(leads.id, leadIds)),
    departmentLabelsById(executor, idsOf(rows.map((row) => row.broker_department_id))),
    userNames(executor, idsOf(rows.map((row) => row.user_id))),
    integrationNames(executor, idsOf(rows.map((row) => row.send_integration_id))),
  ]);
  const leadMap = new Map(leadRows.map((row) => [row.id, row]));
  return rows.map((row) => ({
    id: row.id,
    // Histories cascade with their lead, so the lead is always there; the fallback only guards a race with a delete.
    lead: leadMap.get(row.lead_id) ?? { id: row.lead_id, lead_id: '', name: null, email: null },
    department: pick(departments, row.broker_department_id),
    send_integration_id: row.send_integration_id,
    send_integration_name: pick(integrations, row.send_integration_id)?.name ?? null,
    job_id: row.job_id,
    user: pick(names, row.user_id),
    state: row.state,
    failure_status: row.failure_status,
    api_lead_id: row.api_lead_id,
    request: row.request ?? null,
    response: row.response ?? null,
    duration_ms: row.duration_ms,
    created_at: row.created_at.toISOString(),
  }));
}
