/** Job events (modules/events): what a job's owner sees of it live. */
import type { Executor } from '../../db/database.ts';
import type { jobs } from '../../db/schema/index.ts';
import { publish } from '../events/publish.ts';

type JobRow = typeof jobs.$inferSelect;

/**
 * A job's progress or end, live to its owner (modules/events), in the transaction that writes it. To the owner alone,
 * holding no permission: an importer follows their import without the jobs page's permission (`findOwnJobOfType`).
 */
export async function publishJobEvent(
  tx: Pick<Executor, 'insert'>,
  row: Pick<JobRow, 'id' | 'user_id' | 'status' | 'progress' | 'total' | 'pending' | 'processed' | 'failed'>,
): Promise<void> {
  if (row.user_id === null) return;
  const { id, status, progress, total, pending, processed, failed } = row;
  await publish(tx, [{ kind: 'job', payload: { id, status, progress, total, pending, processed, failed }, to: { userId: row.user_id } }]);
}
