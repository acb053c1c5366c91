/**
 * Starting a send (POST /lead/send, and an import's "import then send"): the checks a body needs beyond its schema —
 * a sender, a department that can be sent to, bulk sends only where the integration allows them — then the job.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { sendMaxLeads, type sendRequest } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { brokerDepartments, brokers, jobs as jobsTable, sendIntegrations } from '../../../db/schema/index.ts';
import { HttpError, invalid } from '../../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { findOwnJobOfType, type JobRow } from '../../jobs/service.ts';
import { assertSender } from '../../auth/permissions.ts';
import { departmentLabelSql } from '../../brokers/relations.ts';
import { countSelection } from '../../leads/export/selection.ts';
import type { ImportThenSend } from '../../leads/import/thenSend.ts';
import { sendJobType, type SendJobPayload } from './payload.ts';

export type SendRequestBody = z.output<typeof sendRequest>;

/** The department's label and whether its integration takes bulk sends; a 422 when it cannot be sent to. */
export async function sendableDepartment(db: Db, departmentId: number, field = 'broker_department_id'): Promise<{ label: string; sendALot: boolean }> {
  const [row] = await db
    .select({
      label: departmentLabelSql,
      department_active: brokerDepartments.is_active,
      broker_active: brokers.is_active,
      integration_active: sendIntegrations.is_active,
      integration_sender: sendIntegrations.is_sender,
      send_a_lot: sendIntegrations.send_a_lot,
    })
    .from(brokerDepartments)
    .innerJoin(brokers, eq(brokers.id, brokerDepartments.broker_id))
    .leftJoin(sendIntegrations, eq(sendIntegrations.id, brokerDepartments.send_integration_id))
    .where(eq(brokerDepartments.id, departmentId));
  if (!row || row.label === null) throw invalid({ [field]: ['The selected department does not exist.'] });
  if (!row.department_active || !row.broker_active) throw invalid({ [field]: ['The selected department is not active.'] });
  if (!row.integration_active || !row.integration_sender) throw invalid({ [field]: ['The department has no active send integration.'] });
  return { label: row.label, sendALot: row.send_a_lot ?? false };
}

const bulkRefused = 'This integration does not allow bulk sends: send one lead at a time.';

/** An import's "import then send", checked when the import is asked for: a sender holding lead.send, a bulk-capable department. */
async function checkImportThenSend(db: Db, auth: { userId: number; permissions: readonly string[] }, departmentId: number): Promise<void> {
  if (!auth.permissions.includes('lead.send')) throw new HttpError(403, 'No permission');
  await assertSender(db, auth.userId);
  const department = await sendableDepartment(db, departmentId, 'send_department_id');
  if (!department.sendALot) throw invalid({ send_department_id: [bulkRefused] });
}

export async function startSend(db: Db, jobs: JobQueue, userId: number, body: SendRequestBody): Promise<JobRow> {
  await assertSender(db, userId);
  const department = await sendableDepartment(db, body.broker_department_id);
  const leadIds = body.lead_ids ? [...new Set(body.lead_ids)] : null;
  const count = leadIds ? leadIds.length : await countSelection(db, { filters: body.filters, leadIds: null });
  if (count === 0) throw invalid({ lead_ids: ['No lead matches: there is nothing to send.'] });
  if (count > 1 && !department.sendALot) throw invalid({ broker_department_id: [bulkRefused] });
  const payload: SendJobPayload = {
    broker_department_id: body.broker_department_id,
    department_label: department.label,
    filters: body.filters,
    lead_ids: leadIds,
    import_job_id: null,
    resend_unknown: body.resend_unknown,
  };
  return jobs.dispatch({ userId, type: sendJobType, name: `Send leads to ${department.label}`, payload, total: Math.min(count, sendMaxLeads) });
}

/**
 * An import's "import then send": the leads the import created, once it has finished. Once only: a retried import
 * finds the send job its earlier attempt started.
 */
async function startSendOfImport(db: Db, jobs: JobQueue, userId: number | null, importJobId: number, departmentId: number): Promise<JobRow> {
  const [existing] = await db
    .select()
    .from(jobsTable)
    .where(and(eq(jobsTable.type, sendJobType), sql`${jobsTable.payload}->>'import_job_id' = ${String(importJobId)}`));
  if (existing) return existing;
  const department = await sendableDepartment(db, departmentId, 'send_department_id');
  const payload: SendJobPayload = {
    broker_department_id: departmentId,
    department_label: department.label,
    filters: {} as SendJobPayload['filters'],
    lead_ids: null,
    import_job_id: importJobId,
    resend_unknown: false,
  };
  return jobs.dispatch({ userId, type: sendJobType, name: `Send imported leads to ${department.label}`, payload });
}

/** The send engine's side of "import then send", handed to the leads module by the application. */
export function importThenSend(db: Db, jobs: JobQueue): ImportThenSend {
  return {
    check: (auth, departmentId) => checkImportThenSend(db, auth, departmentId),
    start: (importJob, departmentId) => startSendOfImport(db, jobs, importJob.user_id, importJob.id, departmentId),
  };
}

export const findSendJob = (db: Db, userId: number, jobId: number): Promise<JobRow> => findOwnJobOfType(db, userId, jobId, sendJobType, 'Send');
