/** The background jobs of every module, registered on a queue by the server (and by the tests' harness). */
import type { Db } from '../db/database.ts';
import type { Listen } from '../db/listen.ts';
import { registerAffiliateJobs } from '../modules/affiliates/jobs.ts';
import { registerDistributionJobs, registerDistributionUpkeep } from '../modules/distribution/jobs.ts';
import { savedRulesRouter } from '../modules/distribution/rules.ts';
import { registerSimulationJob } from '../modules/distribution/simulationJob.ts';
import type { JobQueue } from '../modules/jobs/queue.ts';
import { registerLeadJobs } from '../modules/leads/jobs.ts';
import { registerReportJobs } from '../modules/reports/jobs.ts';
import type { SendEngine } from '../modules/sending/engine/deps.ts';
import { importThenSend } from '../modules/sending/engine/start.ts';
import { registerSendJobs } from '../modules/sending/jobs.ts';

type JobDeps = { db: Db; engine: SendEngine; listen: Listen | null; distributionLeaseSeconds?: number };

/** `listen` null: no distribution worker and no postback delivery in the background (tests that do both by hand). */
export function registerJobs(jobs: JobQueue, { db, engine, listen, distributionLeaseSeconds }: JobDeps): void {
  registerLeadJobs(jobs, db, importThenSend(db, jobs));
  registerSendJobs(jobs, engine);
  registerAffiliateJobs(jobs, db, listen !== null);
  registerSimulationJob(jobs);
  registerDistributionUpkeep(jobs, db);
  registerReportJobs(jobs, db);
  if (listen) registerDistributionJobs(jobs, { engine, router: savedRulesRouter }, listen, { leaseSeconds: distributionLeaseSeconds });
}
