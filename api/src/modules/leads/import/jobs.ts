/** The import's background work: the import job and the hourly removal of stale uploads. */
import type { Db } from '../../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { runLeadImport } from './job.ts';
import { leadImportJobType } from './schema.ts';
import type { ImportThenSend } from './thenSend.ts';
import { removeStaleUploads } from './uploads.ts';

export function registerLeadImportJobs(jobs: JobQueue, db: Db, importThenSend: ImportThenSend): void {
  jobs.register(leadImportJobType, (context) => runLeadImport(context, { startSend: importThenSend.start }));
  // Uploads are kept a day (long enough to preview, dry-run and import), then their files are removed.
  jobs.schedule('lead.import.remove-stale-uploads', '41 * * * *', async () => {
    await removeStaleUploads(db);
  });
}
