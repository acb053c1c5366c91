/** The background work of sending, registered once by the server (and the test harness): send jobs and the status pull. */
import type { JobQueue } from '../jobs/queue.ts';
import type { SendEngine } from './engine/deps.ts';
import { runSendJob, type SendRunOptions } from './engine/job.ts';
import { sendJobType } from './engine/payload.ts';
import { pullAll } from './status/pull.ts';

export function registerSendJobs(jobs: JobQueue, engine: SendEngine, options: SendRunOptions = {}): void {
  jobs.register(sendJobType, (context) => runSendJob(context, engine, options));
  // Every ten minutes (at minute 3, 13, …: away from the other schedules) each pull window is short and cheap.
  jobs.schedule('send.status-pull', '3-59/10 * * * *', async () => {
    await pullAll(engine);
  });
}
