/**
 * Browser-test fixtures: rows no screen can create, written straight into the database the API will open
 * (same env as the API: DATABASE_URL or DATA_DIR, ADMIN_EMAIL, ADMIN_PASSWORD). Run before the API starts,
 * because the embedded database admits one process at a time.
 *
 * Today: notifications for the admin whose HTML holds a script and an onerror handler, which the
 * notification page must render inert; running jobs of the admin (no worker runs them), for the jobs
 * page's progress and cancel; and request-log entries, written by the same writer the send engine uses
 * (so the secrets in them are redacted as in production); and rejected intake rows (failed leads) with unique
 * values, for fix-and-retry (the console's own add-lead form refuses bad rows in place and stores none); and the
 * dashboard's week of known leads, failed leads, sends and FTDs (e2e/dashboardWeek.ts); and a department whose FTD rate
 * falls, for the reports' shave watch (e2e/seedShaveWatch.ts).
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { runMigrations } from '../db/migrate.ts';
import { failedLeads, jobs, users } from '../db/schema/index.ts';
import { Html } from '../modules/notifications/html.ts';
import { notify } from '../modules/notifications/service.ts';
import { recordRequest } from '../modules/requests/service.ts';
import { seedReference } from './reference.ts';
import { seedDashboardWeek } from './e2e/seedDashboardWeek.ts';
import { seedShaveWatch } from './e2e/seedShaveWatch.ts';
import { foldReportDeltas } from '../modules/reports/fold.ts';

export const hostileNotifications = [
  { title: 'E2E hostile script', message: '<p>Import finished <b>ok</b></p><script>window.__crmPwned = "script"</script>' },
  { title: 'E2E hostile image', message: '<p>See the chart</p><img src="x" onerror="window.__crmPwned = \'onerror\'"><a href="javascript:window.__crmPwned=\'link\'">open</a>' },
] as const;

export const runningJobs = [
  { name: 'E2E running import A', total: 200, processed: 80, pending: 120, progress: 40 },
  { name: 'E2E running import B', total: 50, processed: 10, pending: 40, progress: 20 },
] as const;

/** Unique per stack run, so a retried (fixed) row never collides with an earlier run's lead. */
const runTag = Date.now().toString(36);
export const rejectedRows = [
  { name: 'E2E Failed', surname: `Broken ${runTag}`, email: `e2e-failed-${runTag}(at)example.com`, country: 'DE' },
  { name: 'E2E Failed', surname: `Spare ${runTag}`, email: `e2e-spare-${runTag}(at)example.com`, country: 'DE' },
] as const;

export const loggedRequests = [
  {
    direction: 'outbound' as const,
    method: 'POST',
    url: 'https://e2e-broker.test/api/signup/procform?api_token=e2e-secret-token',
    requestHeaders: { 'x-trackbox-password': 'e2e-secret-password', accept: 'application/json' },
    requestBody: { email: 'e2e.lead@example.com', password: 'e2e-lead-password' },
    status: 422,
    responseBody: { status: false, message: 'E2E duplicate lead' },
    durationMs: 321,
  },
  { direction: 'inbound' as const, method: 'POST', url: 'https://console.test/api/postback/e2e', status: 200, responseBody: 'ok', durationMs: 12 },
];

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite') });
try {
  await runMigrations(database.db);
  await seedReference(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, demo: config.demoSeed });
  const [admin] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, config.adminEmail)).limit(1);
  if (!admin) throw new Error(`no admin ${config.adminEmail}`);
  // Raw HTML on purpose: these prove the browser's sanitizer, the last line behind the server's escaping.
  for (const { title, message } of hostileNotifications) await notify(database.db, { userId: admin.id, type: 'warning', title, message: new Html(message) });
  await database.db.insert(jobs).values(runningJobs.map((job) => ({ ...job, user_id: admin.id, type: 'e2e.fixture', status: 'running' as const, started_at: new Date() })));
  for (const entry of loggedRequests) await recordRequest(database.db, entry);
  await database.db.insert(failedLeads).values(rejectedRows.map((raw) => ({ raw, reason_code: 'INVALID' as const, message: 'The email must be a valid email address.' })));
  await seedDashboardWeek(database.db);
  await seedShaveWatch(database.db);
  // Folded here, so the API does not start with a backlog to fold on the embedded database.
  await foldReportDeltas(database.db);
  console.log(`e2e fixtures: ${hostileNotifications.length} notifications for ${config.adminEmail}`);
} finally {
  await database.close();
}
