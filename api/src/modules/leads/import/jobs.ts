/** The import's background work: the import job and the hourly removal of stale uploads. */
import type { Db } from '../../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { startSendOfImport } from '../../sending/engine/start.ts';
import { runLeadImport } from './job.ts';
import { leadImportJobType } from './schema.ts';
import { removeStaleUploads } from './uploads.ts';

export function registerLeadImportJobs(jobs: JobQueue, db: Db): void {
  jobs.register(leadImportJobType, (context) => runLeadImport(context, { startSend: (job, departmentId) => startSendOfImport(db, jobs, job.user_id, job.id, departmentId) }));
  // Uploads are kept a day (long enough to preview, dry-run and import), then their files are removed.
  jobs.schedule('lead.import.remove-stale-uploads', '41 * * * *', async () => {
    await removeStaleUploads(db);
  });
}
