import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { runMigrations } from './db/migrate.ts';
import { buildApp, type App } from './app/app.ts';
import { setJobHeapGrowth } from './modules/jobs/heap.ts';
import { JobQueue } from './modules/jobs/queue.ts';
import { pruneRequestLogs } from './modules/requests/service.ts';
import { purgeEvents } from './modules/events/publish.ts';
import { seedReference, type SeedReport } from './seed/reference.ts';
import { seedDemoData } from './seed/demo/index.ts';
import { leads } from './db/schema/index.ts';
import { secretBoxFor, type SecretBox } from './modules/sending/secrets.ts';
import { httpCall } from './net/httpCall.ts';
import { createSendEngine } from './modules/sending/engine/deps.ts';
import { registerJobs } from './app/jobs.ts';

export type Server = { app: App | null; database: Database; jobs: JobQueue; seed: SeedReport; adminPassword: string | null; stop(): Promise<void> };

/** Opens the database, migrates and seeds it, starts the job queue and (unless a worker) the HTTP API. */
export async function startServer(config: Config): Promise<Server> {
  // First: a bad SECRETS_KEY stops the start before anything is touched.
  const secrets = secretBoxFor(config);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'), holdWarnMs: config.dbHoldWarnMs });
  await runMigrations(database.db);
  const seed = await seedReference(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, demo: config.demoSeed });
  const adminPassword = await rememberAdminPassword(config, seed);
  if (config.demoSeed && config.demoLeads > 0) await seedDemoLeadsOnce(database, secrets, config.demoLeads);

  const jobs = new JobQueue(database);
  jobs.schedule('maintenance.prune-request-logs', '17 3 * * *', async () => {
    await pruneRequestLogs(database.db, config.requestLogDays);
  });
  jobs.schedule('maintenance.purge-events', '*/5 * * * *', async () => {
    await purgeEvents(database.db, config.eventsKeepMinutes);
  });
  const engine = createSendEngine({ db: database.db, secrets, http: httpCall(), listen: database.listen });
  registerJobs(jobs, { db: database.db, engine, listen: database.listen, distributionLeaseSeconds: config.distributionLeaseSeconds });
  const works = config.role !== 'web';
  if (works) setJobHeapGrowth();
  await jobs.start({ work: works });

  const app = config.role === 'worker' ? null : await buildApp({ database, config, jobs, engine });
  if (app) await app.listen({ port: config.port, host: config.host });

  return {
    app,
    database,
    jobs,
    seed,
    adminPassword,
    async stop() {
      await app?.close();
      await jobs.stop();
      await database.close();
    },
  };
}

/**
 * A generated admin password is shown once; on the embedded database (a developer's machine) it is also
 * kept in DATA_DIR so later starts can show it again. Set ADMIN_PASSWORD to choose it instead.
 */
async function rememberAdminPassword(config: Config, seed: SeedReport): Promise<string | null> {
  if (config.adminPassword) return config.adminPassword;
  if (config.databaseUrl) return seed.createdAdmin?.password ?? null;
  const file = join(config.dataDir, 'initial-admin-password');
  if (seed.createdAdmin) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, `${seed.createdAdmin.password}\n`, { mode: 0o600 });
    return seed.createdAdmin.password;
  }
  return readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
}

/** A fresh console gets demo leads to look at; a console that has leads is never touched. */
async function seedDemoLeadsOnce(database: Database, secrets: SecretBox, count: number): Promise<void> {
  const [anyLead] = await database.db.select({ id: leads.id }).from(leads).limit(1);
  if (anyLead) return;
  const report = await seedDemoData(database, { leads: count, secrets });
  console.log(`Seeded ${report.counts.leads} demo leads in ${Math.round(report.elapsedMs)} ms.`);
}
