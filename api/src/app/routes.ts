/**
 * The API's modules, registered under /api: the one place that knows them all. Modules reach each other only
 * downwards (docs/architecture.md, "The API's layers"); where a lower module needs a higher one's work, as the
 * import's "then send", the higher module provides it here.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { resourceRoutes } from '../http/resource.ts';
import { affiliateIntakeRoutes } from '../modules/affiliates/intakeRoutes.ts';
import { affiliatePublicApi } from '../modules/affiliates/publicApi.ts';
import { affiliateKeyRoutes } from '../modules/affiliates/keyRoutes.ts';
import { affiliatePostbackRoutes } from '../modules/affiliates/postbacksRoutes.ts';
import { affiliateAccessRoutes } from '../modules/affiliates/accessRoutes.ts';
import { affiliatePullRoutes } from '../modules/affiliates/pullRoutes.ts';
import { authRoutes } from '../modules/auth/routes.ts';
import type { SessionCache } from '../modules/auth/sessionCache.ts';
import { brokerRoutes } from '../modules/brokers/routes.ts';
import { dashboardRoutes } from '../modules/dashboard/routes.ts';
import { reportRoutes } from '../modules/reports/routes.ts';
import { distributionDecisionRoutes } from '../modules/distribution/decisionRoutes.ts';
import { distributionRoutes } from '../modules/distribution/routes.ts';
import { distributionRuleRoutes } from '../modules/distribution/ruleRoutes.ts';
import { distributionSimulationRoutes } from '../modules/distribution/simulationRoutes.ts';
import { eventStreamRoutes } from '../modules/eventStream/routes.ts';
import { healthRoutes } from '../modules/health/routes.ts';
import type { JobQueue } from '../modules/jobs/queue.ts';
import { jobRoutes } from '../modules/jobs/routes.ts';
import { leadRoutes } from '../modules/leads/routes.ts';
import { localizationRoutes } from '../modules/localizations/routes.ts';
import { managementRoutes } from '../modules/management/routes.ts';
import { notificationRoutes } from '../modules/notifications/routes.ts';
import { optionRoutes } from '../modules/options/routes.ts';
import { requestLogRoutes } from '../modules/requests/routes.ts';
import type { SendEngine } from '../modules/sending/engine/deps.ts';
import { importThenSend } from '../modules/sending/engine/start.ts';
import { sendingRoutes } from '../modules/sending/routes.ts';
import { sourceRandomStatusRoutes } from '../modules/settings/randomStatuses/routes.ts';
import { settingsResources } from '../modules/settings/resources.ts';

/** What the application is built from; the same for the HTTP layer and the modules it registers. */
export type AppOptions = {
  database: Database;
  /** Where routes start background jobs (imports, sends, rule runs). */
  jobs: JobQueue;
  config: Pick<Config, 'corsOrigins' | 'sessionTtlHours' | 'authCacheMs' | 'loginRateLimit' | 'loginRateWindowSeconds' | 'loginIpRateLimit' | 'postbackRateLimit' | 'logLevel'>;
  /** The send engine (its secrets, network and per-process limits), shared with the send jobs of this process. */
  engine: SendEngine;
};

/** The process's session cache (app.ts), which the live streams check their sessions through too. */
type ApiRoutesOptions = AppOptions & { sessionCache: SessionCache };

export const apiRoutes: FastifyPluginAsyncZod<ApiRoutesOptions> = async (api, { database, config, jobs, engine, sessionCache }) => {
  const db = database.db;
  await api.register(healthRoutes, { db });
  await api.register(localizationRoutes, { db });
  await api.register(authRoutes, {
    db,
    pool: database.pool,
    sessionTtlHours: config.sessionTtlHours,
    loginRateLimit: { max: config.loginRateLimit, maxPerIp: config.loginIpRateLimit, timeWindowMs: config.loginRateWindowSeconds * 1000 },
  });
  await api.register(optionRoutes, { db });
  await api.register(managementRoutes, { db });
  await api.register(notificationRoutes, { db });
  await api.register(jobRoutes, { db });
  await api.register(eventStreamRoutes, { db, listen: database.listen, sessions: sessionCache });
  for (const resource of settingsResources) await api.register(resourceRoutes(resource), { db });
  await api.register(sourceRandomStatusRoutes, { db });
  await api.register(requestLogRoutes, { db });
  await api.register(leadRoutes, { db, jobs, sideBySide: database.kind === 'postgres', importThenSend: importThenSend(db, jobs) });
  await api.register(affiliateKeyRoutes, { db });
  await api.register(affiliatePostbackRoutes, { db });
  await api.register(affiliateAccessRoutes, { db });
  await api.register(brokerRoutes, { db });
  await api.register(distributionRoutes, { db });
  await api.register(distributionRuleRoutes, { db });
  await api.register(distributionDecisionRoutes, { db });
  await api.register(distributionSimulationRoutes, { db, jobs });
  await api.register(sendingRoutes, { db, jobs, engine, postbackRateLimit: { max: config.postbackRateLimit, timeWindowMs: 60_000 } });
  await api.register(dashboardRoutes, { db });
  await api.register(reportRoutes, { db });
};

/**
 * The public API for affiliates' servers, under /api/v1, with its own OpenAPI document (`/api/v1/docs`, the JSON at
 * `/api/v1/docs/json`) holding only its operations. Registered before the console's document, which therefore never
 * sees these routes, and in its own context, so each document has its own `swagger` decorator.
 */
export const publicApiRoutes: FastifyPluginAsyncZod<Pick<AppOptions, 'database'>> = async (v1, { database }) => {
  await v1.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lead console: affiliate API',
        version: '1.0.0',
        description: 'Post leads, one call per lead, with the `X-Api-Key` your account manager issued. Every answer is JSON: `status` is `accepted` or `refused`.',
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
    },
    transform: jsonSchemaTransform,
  });
  await v1.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  const db = database.db;
  await v1.register(affiliatePublicApi, { db, listen: database.listen, operations: [affiliateIntakeRoutes, affiliatePullRoutes] });
};
