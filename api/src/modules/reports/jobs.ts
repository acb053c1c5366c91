/**
 * Every working process folds the reports' deltas into the rollups every 5 seconds (fold.ts; one at a time
 * across processes). Reports are exact without it (they read the deltas not yet folded); folding keeps them fast.
 * After a fold that took deltas, at most once a minute (autovacuum's own pace), the two tables are vacuumed once their
 * dead rows pass autovacuum's threshold (where it is off or behind: `vacuumChangedTables`).
 */
import type { Db } from '../../db/database.ts';
import { startPolling } from '../jobs/polling.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { reportDeltas, reportRollups } from '../../db/schema/index.ts';
import { vacuumChangedTables } from '../../db/statistics.ts';
import { foldReportDeltas } from './fold.ts';

const vacuumEveryMs = 60_000;

export function registerReportJobs(jobs: JobQueue, db: Db, everyMs = 5_000): void {
  let vacuumedAt = 0;
  jobs.runner('report.fold', () =>
    startPolling('report fold', everyMs, async () => {
      if ((await foldReportDeltas(db)) === 0 || Date.now() - vacuumedAt < vacuumEveryMs) return;
      vacuumedAt = Date.now();
      await vacuumChangedTables(db, [reportRollups, reportDeltas]);
    }),
  );
}
