/**
 * Test harness: a real API on a real database. In-memory PGlite by default; with TEST_DATABASE_URL, a
 * fresh PostgreSQL database per test file (created from that URL, dropped afterwards).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inArray } from 'drizzle-orm';
import type { Permission } from '@crm/shared/contract';
import { openDatabase, type Database, type DatabaseOptions } from '../src/db/database.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { dumpNewPglite } from '../src/db/pglite.ts';
import { buildApp, type App } from '../src/app/app.ts';
import { JobQueue, type JobQueueOptions } from '../src/modules/jobs/queue.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { secretBoxFor } from '../src/modules/sending/secrets.ts';
import { httpCall } from '../src/net/httpCall.ts';
import { createSendEngine, type SendEngine } from '../src/modules/sending/engine/deps.ts';
import { registerJobs } from '../src/app/jobs.ts';
import * as tables from '../src/db/schema/index.ts';
import { seedReference } from '../src/seed/reference.ts';

export const adminEmail = 'admin@example.com';
export const adminPassword = 'admin-password-for-tests';
/** The app's SECRETS_KEY in tests, and a box with it that opens what the app sealed. */
export const testSecretsKey = randomBytes(32).toString('base64');
export const testSecrets = secretBoxFor({ secretsKey: testSecretsKey, dataDir: tmpdir() });

/**
 * A new PGlite data directory, dumped once for every test file of this PGlite build (named by its install path, which
 * holds its version) and loaded by each in-memory database instead of running initdb: 1-3 s to open instead of 8-9.
 */
async function newPgliteTemplate(): Promise<string> {
  const build = createHash('sha256')
    .update(import.meta.resolve('@electric-sql/pglite'))
    .digest('hex')
    .slice(0, 12);
  const path = join(tmpdir(), `crm-test-pglite-${build}.tar`);
  if (!existsSync(path)) await dumpNewPglite(path);
  return path;
}

export async function createTestDatabase(options: Pick<DatabaseOptions, 'holdWarnMs'> = {}): Promise<Database> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) return openDatabase({ template: await newPgliteTemplate(), ...options });
  const name = `crm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5, ...options });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export type TestContext = {
  app: App;
  database: Database;
  jobs: JobQueue;
  engine: SendEngine;
  adminToken: string;
  /** Signs in and returns the bearer token (throws on failure). */
  login(email: string, password: string, userAgent?: string): Promise<string>;
  /** Creates a user holding exactly these permissions (directly) and returns a token for it. */
  userWith(permissions: readonly Permission[], name?: string): Promise<{ id: number; token: string; email: string; password: string }>;
  close(): Promise<void>;
};

export type TestOptions = {
  loginRateLimit?: number;
  loginIpRateLimit?: number;
  postbackRateLimit?: number;
  jobs?: JobQueueOptions;
  registerJobs?: (jobs: JobQueue) => void;
  sendTimeoutMs?: number;
  breaker?: { threshold: number; coolDownMs: number };
};

export async function createTestContext(options: TestOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  await runMigrations(database.db);
  await seedReference(database.db, { adminEmail, adminPassword, demo: true });
  const jobs = new JobQueue(database, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 0, ...options.jobs });
  // Short timeouts and backoff: the fake broker answers on loopback.
  const engine = createSendEngine({
    db: database.db,
    secrets: testSecrets,
    http: httpCall(options.sendTimeoutMs ?? 3000),
    retry: { attempts: 3, baseDelayMs: 20 },
    breaker: options.breaker ?? { threshold: 5, coolDownMs: 30_000 },
  });
  // No distribution worker: the tests distribute by hand (runDueDistributions) or start one (startDistributionWorker).
  registerJobs(jobs, { db: database.db, engine, listen: null });
  options.registerJobs?.(jobs);
  await jobs.start({ work: true });
  const app = await buildApp({
    database,
    jobs,
    engine,
    config: {
      corsOrigins: ['http://localhost:3000'],
      sessionTtlHours: 24,
      authCacheMs: 2000,
      loginRateLimit: options.loginRateLimit ?? 1000,
      loginRateWindowSeconds: 60,
      loginIpRateLimit: options.loginIpRateLimit ?? 1000,
      postbackRateLimit: options.postbackRateLimit ?? 10_000,
      logLevel: 'silent',
    },
  });

  async function login(email: string, password: string, userAgent = 'node-test'): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/login', headers: { 'user-agent': userAgent }, payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
    return (response.json() as { data: { access_token: string } }).data.access_token;
  }

  let userCount = 0;
  async function userWith(permissions: readonly Permission[], name = 'Test user') {
    userCount += 1;
    const email = `user${userCount}-${randomBytes(3).toString('hex')}@example.com`;
    const password = 'test-password';
    const [user] = await database.db
      .insert(tables.users)
      .values({ name, email, password_hash: await hashPassword(password) })
      .returning({ id: tables.users.id });
    if (!user) throw new Error('user insert returned nothing');
    if (permissions.length > 0) {
      const rows = await database.db
        .select({ id: tables.permissions.id })
        .from(tables.permissions)
        .where(inArray(tables.permissions.name, [...permissions]));
      await database.db.insert(tables.userPermissions).values(rows.map((row) => ({ user_id: user.id, permission_id: row.id })));
    }
    return { id: user.id, token: await login(email, password), email, password };
  }

  return {
    app,
    database,
    jobs,
    engine,
    adminToken: await login(adminEmail, adminPassword),
    login,
    userWith,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Row counts of every table: proof that a rejected request changed nothing. */
export async function tableFingerprint(database: Database): Promise<Record<string, number>> {
  const result = await database.pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('rate_limits', 'report_deltas', 'report_rollups') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of result.rows) {
    const count = await database.pool.query<{ n: number }>(`select count(*)::int as n from "${table_name}"`);
    counts[table_name] = count.rows[0]?.n ?? 0;
  }
  // The reports' deltas move into the rollups in the background (a fold): what they count together does not.
  const counted = await database.pool.query<{ n: number }>(
    `select coalesce(sum(accepted + refused + distributed + delivered + broker_refused + unassigned + ftds), 0)::int as n
       from (select accepted, refused, distributed, delivered, broker_refused, unassigned, ftds from report_rollups where grouping_set = 0
             union all select accepted, refused, distributed, delivered, broker_refused, unassigned, ftds from report_deltas) as counts`,
  );
  counts['report counts (rollups and deltas)'] = counted.rows[0]?.n ?? 0;
  return counts;
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
