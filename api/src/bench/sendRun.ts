/**
 * The processes of `bench:send`, each on the benchmark's database (`--url URL` or `--dir PGLITE_DIR`):
 *  - `--setup --broker ORIGIN --leads N --concurrency C`: migrates and seeds it, writes N leads (once), then a broker,
 *    a department and a generic integration pointed at ORIGIN, and a send job of all the leads; prints `RESULT {jobId}`;
 *  - `--run JOB`: one attempt of the job, as a worker does (`JobQueue.runAttempt`); prints `RESULT {ms}`;
 *  - `--report JOB`: the job's rows by state; prints `RESULT {…}`.
 * The worker may be killed mid-run (the second run of the benchmark does so) and another `--run` resumes the job.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { count, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { brokerDepartments, brokers, jobs, leadSendHistories, leads, sendIntegrations, users } from '../db/schema/index.ts';
import { setJobHeapGrowth } from '../modules/jobs/heap.ts';
import { JobQueue } from '../modules/jobs/queue.ts';
import { columnLiteral } from '../db/sqlArrays.ts';
import { httpCall } from '../net/httpCall.ts';
import { createSendEngine } from '../modules/sending/engine/deps.ts';
import { sendJobType, type SendJobPayload } from '../modules/sending/engine/payload.ts';
import { registerSendJobs } from '../modules/sending/jobs.ts';
import { parseSecretsKey, SecretBox } from '../modules/sending/secrets.ts';
import { seedReference } from '../seed/reference.ts';

const secrets = new SecretBox(parseSecretsKey(process.env['SECRETS_KEY'] ?? '', 'SECRETS_KEY'));

async function setup(database: Database, brokerOrigin: string, leadCount: number, concurrency: number): Promise<{ jobId: number }> {
  const { db } = database;
  const [existing] = await db.select({ total: count() }).from(leads);
  if (!existing?.total) {
    const indexes = Array.from({ length: leadCount }, (_, index) => index + 1);
    await db.execute(sql`
      insert into leads (lead_id, name, surname, email, phone, phone_normalized, country, language)
      select 'BENCH-' || n, 'Bench', 'Lead ' || n, 'bench' || n || '@example.com', '+4915112' || lpad(n::text, 6, '0'), '+4915112' || lpad(n::text, 6, '0'), 'DE', 'de'
        from unnest(${columnLiteral(indexes)}::int[]) as n`);
  }
  const stamp = Date.now().toString(36);
  const [broker] = await db
    .insert(brokers)
    .values({ name: `Bench broker ${stamp}` })
    .returning({ id: brokers.id });
  const [integration] = await db
    .insert(sendIntegrations)
    .values({
      name: `Bench integration ${stamp}`,
      site_url: `${brokerOrigin}/leads`,
      response_type: 'json_path_equals',
      response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url' },
      send_a_lot: true,
      concurrency,
    })
    .returning({ id: sendIntegrations.id });
  const [department] = await db
    .insert(brokerDepartments)
    .values({ broker_id: broker!.id, branch_name: 'Bench desk', send_integration_id: integration!.id })
    .returning({ id: brokerDepartments.id });
  const [admin] = await db.select({ id: users.id }).from(users).limit(1);
  const payload: SendJobPayload = {
    broker_department_id: department!.id,
    department_label: 'Bench broker - Bench desk',
    filters: {} as SendJobPayload['filters'],
    lead_ids: null,
    import_job_id: null,
    resend_unknown: false,
  };
  const [job] = await db
    .insert(jobs)
    .values({ user_id: admin?.id ?? null, type: sendJobType, name: 'Bench send', payload })
    .returning({ id: jobs.id });
  return { jobId: job!.id };
}

async function run(database: Database, jobId: number): Promise<{ ms: number }> {
  // As in a process that works jobs (server.ts).
  setJobHeapGrowth();
  const queue = new JobQueue(database);
  // The benchmark measures sending, so network retries wait little.
  registerSendJobs(queue, createSendEngine({ db: database.db, secrets, http: httpCall(), retry: { attempts: 3, baseDelayMs: 50 } }));
  const started = performance.now();
  await queue.runAttempt(jobId);
  return { ms: performance.now() - started };
}

async function report(database: Database, jobId: number) {
  const rows = await database.db
    .select({ state: leadSendHistories.state, failure: leadSendHistories.failure_status, total: count() })
    .from(leadSendHistories)
    .where(eq(leadSendHistories.job_id, jobId))
    .groupBy(leadSendHistories.state, leadSendHistories.failure_status);
  const [job] = await database.db.select({ status: jobs.status, attempts: jobs.attempts }).from(jobs).where(eq(jobs.id, jobId));
  return { job, rows };
}

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    url: { type: 'string' },
    dir: { type: 'string' },
    setup: { type: 'boolean' },
    broker: { type: 'string' },
    leads: { type: 'string' },
    concurrency: { type: 'string' },
    run: { type: 'string' },
    report: { type: 'string' },
  },
});
const database = await openDatabase({ url: values.url, dataDir: values.url ? undefined : values.dir });
try {
  let result: unknown;
  if (values.setup) {
    await runMigrations(database.db);
    await seedReference(database.db, { adminEmail: 'bench@example.com', adminPassword: 'bench-password', demo: false });
    result = await setup(database, values.broker ?? '', Number(values.leads), Number(values.concurrency));
  } else if (values.run) result = await run(database, Number(values.run));
  else if (values.report) result = await report(database, Number(values.report));
  console.log(`RESULT ${JSON.stringify(result)}`);
} finally {
  await database.close();
}
