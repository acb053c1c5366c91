import type { PermissionRule } from '@crm/shared/contract';

/**
 * What a route needs. Every route declares one in its `config.access`; a route without one refuses to
 * register, so nothing is open by accident.
 *  - 'public': no token (only the routes listed in `publicRoutes`);
 *  - 'authenticated': any signed-in user (their own profile, logout);
 *  - a permission rule: a signed-in user holding it.
 */
export type RouteAccess = 'public' | 'authenticated' | PermissionRule;

/** Every route reachable without a token, in one place. The docs UI is public under its prefix. */
export const publicRoutes: readonly string[] = [
  'OPTIONS *',
  'POST /api/login',
  'GET /api/health',
  'GET /api/localizations/:lng',
  'GET /api/locales',
  // A browser link: authorized by the random token in its query, not a bearer (leads/export/files.ts).
  'GET /api/lead/export/:id/download',
  // A broker's status / FTD postback: authorized by the integration's push key and allowed IPs (sending/status/postback.ts).
  'GET /api/send/integration/:id/postback',
  'POST /api/send/integration/:id/postback',
  // An affiliate's lead: authorized by its X-Api-Key and the key's allowed IPs (affiliates/intakeRoutes.ts).
  'POST /api/v1/leads',
  // An affiliate's pull of its own leads: authorized like its intake (affiliates/pullRoutes.ts).
  'GET /api/v1/leads',
  'GET /api/v1/leads/:lead_id',
  // Live updates: authorized by a one-time ticket (an EventSource sends no header) or the bearer (eventStream/routes.ts).
  'GET /api/events',
];
const publicPrefixes: readonly string[] = ['/api/docs', '/api/v1/docs'];

export function isPublicRoute(method: string, url: string): boolean {
  // Fastify mirrors every GET route as HEAD.
  const listedAs = method === 'HEAD' ? 'GET' : method;
  return publicRoutes.includes(`${listedAs} ${url}`) || publicPrefixes.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export type AuthContext = {
  userId: number;
  sessionId: number;
  permissions: readonly string[];
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in user of a route that is not public (the access hook guarantees one). */
export function requireAuth(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('route reached without authentication');
  return request.auth;
}
