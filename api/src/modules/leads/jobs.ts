/** The background jobs of the leads domain, registered once by the server (and the test harness). */
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { applyLeadStatusRules, dispatchScheduledRun, leadStatusRulesJobType } from './statusRules/apply.ts';
import { registerLeadImportJobs } from './import/jobs.ts';
import { registerLeadExportJobs } from './export/job.ts';
import type { ImportThenSend } from './import/thenSend.ts';

export function registerLeadJobs(jobs: JobQueue, db: Db, importThenSend: ImportThenSend): void {
  jobs.register(leadStatusRulesJobType, (context) => applyLeadStatusRules(context));
  registerLeadExportJobs(jobs);
  // Hourly (UTC, at minute 7 to stay clear of the top-of-the-hour rush): rules with day-long durations need no more.
  jobs.schedule('lead.status-rules.hourly', '7 * * * *', () => dispatchScheduledRun(jobs, db));
  registerLeadImportJobs(jobs, db, importThenSend);
}
