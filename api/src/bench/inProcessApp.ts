/** The console's API built in the bench's own process (`app.inject`: no sockets), signed in as the bench's admin. */
import type { Database } from '../db/database.ts';
import { buildApp, type App } from '../app/app.ts';
import { JobQueue } from '../modules/jobs/queue.ts';
import { createSendEngine } from '../modules/sending/engine/deps.ts';
import type { SecretBox } from '../modules/sending/secrets.ts';
import { httpCall } from '../net/httpCall.ts';

export async function inProcessApp(database: Database, secrets: SecretBox, admin: { email: string; password: string }): Promise<{ app: App; token: string }> {
  const engine = createSendEngine({ db: database.db, secrets, http: httpCall() });
  const app = await buildApp({
    database,
    jobs: new JobQueue(database),
    engine,
    config: { corsOrigins: [], sessionTtlHours: 24, authCacheMs: 2000, loginRateLimit: 100, loginRateWindowSeconds: 60, loginIpRateLimit: 100, postbackRateLimit: 600, logLevel: 'silent' },
  });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: admin });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  return { app, token: (login.json() as { data: { access_token: string } }).data.access_token };
}
