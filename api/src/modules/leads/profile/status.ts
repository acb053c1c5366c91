/** Staff changing a lead's status (`PUT /lead/:id/status`), and deleting a lead. */
import { eq, sql } from 'drizzle-orm';
import type { LeadDetail } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { leads, leadStatusHistories } from '../../../db/schema/index.ts';
import { invalid, notFound } from '../../../http/errors.ts';
import { publishLeadChanges } from '../../events/changes.ts';
import { toLeadDetail } from './detail.ts';
import { statusClasses, statusProblem } from './references.ts';

export async function changeLeadStatus(db: Db, id: number, statusId: number, userId: number): Promise<LeadDetail> {
  return db.transaction(async (tx) => {
    // Locked so the history's `from` is the status really replaced, even when a rule run or another user races us.
    const [existing] = await tx.select({ status_id: leads.status_id }).from(leads).where(eq(leads.id, id)).for('update');
    if (!existing) throw notFound('Lead');
    const problem = statusProblem((await statusClasses(tx, [statusId])).get(statusId), 'lead');
    if (problem) throw invalid({ status_id: [problem] });
    if (existing.status_id === statusId) throw invalid({ status_id: ['The lead already has this status.'] });
    const [row] = await tx
      .update(leads)
      .set({ status_id: statusId, status_changed_at: sql`now()`, updated_at: sql`now()` })
      .where(eq(leads.id, id))
      .returning();
    if (!row) throw notFound('Lead');
    await tx.insert(leadStatusHistories).values({ lead_id: id, from_status_id: existing.status_id, to_status_id: statusId, cause: 'user', user_id: userId });
    const detail = await toLeadDetail(tx, row);
    await publishLeadChanges(tx, [id]);
    return detail;
  });
}

/** Deletes a lead; its tags and histories go with it (cascading foreign keys). */
export async function deleteLead(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(leads).where(eq(leads.id, id)).returning({ id: leads.id });
    if (removed.length === 0) throw notFound('Lead');
    await publishLeadChanges(tx, [id]);
  });
}
