import { resolve } from 'node:path';
import { z } from 'zod';

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  /** 32 bytes as base64 or 64 hex characters: the key of the secrets at rest (modules/sending/secrets.ts). */
  SECRETS_KEY: z.string().optional(),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  CORS_ORIGINS: z.string().default('http://localhost:3000,http://127.0.0.1:3000'),
  API_ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 7),
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  LOGIN_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  POSTBACK_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  DEMO_SEED: z.enum(['true', 'false']).default('true'),
  DEMO_LEADS: z.coerce.number().int().min(0).max(5_000_000).default(2000),
  REQUEST_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  EVENTS_KEEP_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  DISTRIBUTION_LEASE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  DB_HOLD_WARN_MS: z.coerce.number().int().min(0).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** SECRETS_KEY; unset (or empty): a key file in DATA_DIR, created on first start. */
  secretsKey: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  corsOrigins: string[];
  role: 'web' | 'worker' | 'all';
  sessionTtlHours: number;
  /** How long a checked session is trusted without a lookup (sessionCache.ts); 0 looks it up on every request. */
  authCacheMs: number;
  loginRateLimit: number;
  loginRateWindowSeconds: number;
  /** Sign-in attempts one address may make in the window, across every e-mail. */
  loginIpRateLimit: number;
  /** Broker postbacks one address may make a minute. */
  postbackRateLimit: number;
  demoSeed: boolean;
  /** Demo leads generated at start when the leads table is empty (with DEMO_SEED). */
  demoLeads: number;
  logLevel: string;
  /** A pooled database connection held longer than this is logged as a warning (db/holdWatch.ts); 0: never. */
  dbHoldWarnMs: number;
  /** Days the request log (settings › requests) keeps an entry. */
  requestLogDays: number;
  /** Minutes a live event is kept for a stream that resumes after a break (a purge runs every five minutes). */
  eventsKeepMinutes: number;
  /** How long a worker holds a lead it distributes: a lead whose worker died is taken again after it. */
  distributionLeaseSeconds: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Set but empty is unset: docker-compose users write `${DATABASE_URL:-}`.
  const parsed = environment.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const values = parsed.data;
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    dataDir: resolve(values.DATA_DIR),
    secretsKey: values.SECRETS_KEY || undefined,
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    corsOrigins: values.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    role: values.API_ROLE,
    sessionTtlHours: values.SESSION_TTL_HOURS,
    authCacheMs: values.AUTH_CACHE_MS,
    loginRateLimit: values.LOGIN_RATE_LIMIT,
    loginRateWindowSeconds: values.LOGIN_RATE_WINDOW_SECONDS,
    loginIpRateLimit: values.LOGIN_IP_RATE_LIMIT,
    postbackRateLimit: values.POSTBACK_RATE_LIMIT,
    demoSeed: values.DEMO_SEED === 'true',
    demoLeads: values.DEMO_LEADS,
    logLevel: values.LOG_LEVEL,
    dbHoldWarnMs: values.DB_HOLD_WARN_MS,
    requestLogDays: values.REQUEST_LOG_DAYS,
    eventsKeepMinutes: values.EVENTS_KEEP_MINUTES,
    distributionLeaseSeconds: values.DISTRIBUTION_LEASE_SECONDS,
  };
}
