/**
 * A send job's leads, fixed once: its first attempt writes one `queued` send-history row per lead (the unique
 * `(job_id, lead_id)` makes that idempotent) and marks the job materialized in the same transaction, so a retry never
 * picks up leads that started matching the filter later. Rows left `sending` by a crash are closed as
 * "outcome unknown" and never sent again.
 */
import { and, eq, sql } from 'drizzle-orm';
import { sendMaxLeads } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { jobs, leadSendHistories, leads } from '../../../db/schema/index.ts';
import { selectionWhere } from '../../leads/export/selection.ts';
import type { SendJobPayload } from './payload.ts';

export const interruptedStatus = 'Interrupted (outcome unknown)';

function targetWhere(payload: SendJobPayload) {
  if (payload.import_job_id !== null) return eq(leads.import_job_id, payload.import_job_id);
  return selectionWhere({ filters: payload.filters, leadIds: payload.lead_ids });
}

/** Writes the queued rows on the first attempt; returns how many leads the job has. */
export async function materializeTargets(db: Db, job: { id: number; user_id: number | null }, payload: SendJobPayload, integrationId: number): Promise<number> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ result: jobs.result }).from(jobs).where(eq(jobs.id, job.id)).for('update');
    if ((current?.result as { materialized?: boolean } | null)?.materialized) return;
    const where = targetWhere(payload);
    await tx.execute(sql`
      insert into lead_send_histories (lead_id, broker_department_id, send_integration_id, job_id, user_id, state)
      select id, ${payload.broker_department_id}, ${integrationId}, ${job.id}, ${job.user_id}, 'queued'
        from (select ${leads.id} as id from ${leads} ${where ? sql`where ${where}` : sql``} order by ${leads.id} desc limit ${sendMaxLeads}) as picked
      on conflict (job_id, lead_id) do nothing`);
    await tx
      .update(jobs)
      .set({ result: { materialized: true } })
      .where(eq(jobs.id, job.id));
  });
  // Leads whose call a crashed attempt had started: the broker may have them, so they are not sent again.
  await db
    .update(leadSendHistories)
    .set({ state: 'failure', failure_status: interruptedStatus, updated_at: sql`now()` })
    .where(and(eq(leadSendHistories.job_id, job.id), eq(leadSendHistories.state, 'sending')));
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(leadSendHistories)
    .where(eq(leadSendHistories.job_id, job.id));
  return row?.total ?? 0;
}
