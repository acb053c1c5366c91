import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describeRule, isAllowed } from '@crm/shared/contract';
import { authenticate } from '../modules/auth/sessions.ts';
import { SessionCache } from '../modules/auth/sessionCache.ts';
import { bearerTokenOf } from '../modules/auth/tokens.ts';
import { isPublicRoute, type RouteAccess } from '../http/access.ts';
import { handleError, noPermission, unauthenticated } from '../http/errors.ts';
import { databaseRateLimitStore } from '../http/rateLimitStore.ts';
import { apiRoutes, publicApiRoutes, type AppOptions } from './routes.ts';

/** A route as registered, with its request schemas (the tests walk them). */
export type RegisteredRoute = { method: string; url: string; access: RouteAccess; body: unknown; params: unknown; querystring: unknown };

export type App = FastifyInstance & { registeredRoutes: readonly RegisteredRoute[] };

export async function buildApp({ database, config, jobs, engine }: AppOptions): Promise<App> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 1_048_576,
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const registeredRoutes: RegisteredRoute[] = [];

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: 'Not found.' }));
  app.decorateRequest('auth', null);

  // Every route declares what it needs; one that does not refuses to register.
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const declared = route.config?.access ?? (methods.every((method) => isPublicRoute(method, url)) ? 'public' : undefined);
    if (!declared) throw new Error(`route ${methods.join(',')} ${url} declares no access`);
    if (declared === 'public' && !methods.every((method) => isPublicRoute(method, url))) {
      throw new Error(`route ${methods.join(',')} ${url} is public but not listed in publicRoutes`);
    }
    route.config = { ...route.config, access: declared };
    for (const method of methods)
      if (method !== 'HEAD') registeredRoutes.push({ method, url, access: declared, body: route.schema?.body, params: route.schema?.params, querystring: route.schema?.querystring });
  });

  await app.register(helmet, { global: true });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Locale', 'X-Requested-With'],
    // A report export is fetched with the bearer and saved under the name the API gives it.
    exposedHeaders: ['Content-Disposition'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(database.pool) });

  const sessionCache = new SessionCache(config.authCacheMs);
  // A request that may write (a logout, a revoked session, a changed role) makes every session be looked up afresh;
  // cleared before its answer is sent, so whatever the client does next sees the change.
  app.addHook('onSend', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') sessionCache.clear();
  });

  // After CORS and security headers, so a 401 or 403 still carries them and the browser can read it.
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (access === undefined || access === 'public') return;
    const token = bearerTokenOf(request.headers.authorization);
    const auth = token ? await authenticate(db, token, sessionCache) : null;
    if (!auth) throw unauthenticated();
    request.auth = auth;
    if (access !== 'authenticated' && !isAllowed(auth.permissions, access)) {
      request.log.info({ needs: describeRule(access) }, 'permission denied');
      throw noPermission();
    }
  });

  // Before the console's document, so that it does not list the affiliates' routes (routes.ts).
  await app.register(publicApiRoutes, { prefix: '/api/v1', database });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lead console API',
        version: '0.1.0',
        description: 'Back-office API of the lead console. Authenticate with `POST /api/login` and send `Authorization: Bearer <access_token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(apiRoutes, { prefix: '/api', database, config, jobs, engine, sessionCache });

  await app.ready();
  return Object.assign(app, { registeredRoutes });
}
