/**
 * Every working process folds the reports' deltas into the rollups every 5 seconds (fold.ts; one at a time
 * across processes). Reports are exact without it (they read the deltas not yet folded); folding keeps them fast.
 */
import type { Db } from '../../db/database.ts';
import { startPolling } from '../jobs/polling.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { foldReportDeltas } from './fold.ts';

export function registerReportJobs(jobs: JobQueue, db: Db, everyMs = 5_000): void {
  jobs.runner('report.fold', () => startPolling('report fold', everyMs, () => foldReportDeltas(db)));
}
