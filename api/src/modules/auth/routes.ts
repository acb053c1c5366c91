import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { browserSession, dataOf, loginBody, loginResponse, messageResponse, profile } from '@crm/shared/contract';
import type { Database, Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { requireAuth } from '../../http/access.ts';
import { invalid } from '../../http/errors.ts';
import { extraRateLimit } from '../../http/rateLimitStore.ts';
import { decoyPasswordHash, verifyPassword } from './passwords.ts';
import { permissionsOf } from './permissions.ts';
import { profileOf } from './profile.ts';
import { profileChangeRoutes } from './profileChanges.ts';
import { listSessions, openSession, revokeOtherSessions, revokeSession } from './sessions.ts';

export type AuthRoutesOptions = {
  db: Db;
  /** Where the per-address sign-in limit is counted. */
  pool: Database['pool'];
  sessionTtlHours: number;
  /** Attempts per address and e-mail, and per address across e-mails, in one window. */
  loginRateLimit: { max: number; maxPerIp: number; timeWindowMs: number };
};

const wrongCredentials = 'These credentials do not match our records.';

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { db, pool, sessionTtlHours, loginRateLimit }) => {
  await app.register(profileChangeRoutes, { db });

  app.post(
    '/login',
    {
      schema: { tags: ['auth'], summary: 'Sign in with e-mail and password', body: loginBody, response: { 200: loginResponse } },
      config: {
        access: 'public',
        rateLimit: {
          max: loginRateLimit.max,
          timeWindow: loginRateLimit.timeWindowMs,
          hook: 'preHandler',
          // Per ip and e-mail: one office behind one address is not locked out by one person's typos.
          keyGenerator: (request) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `login:${request.ip}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
          },
        },
      },
      // And per address alone, so one address cannot try a few passwords on every account.
      preHandler: extraRateLimit(pool, { max: loginRateLimit.maxPerIp, timeWindowMs: loginRateLimit.timeWindowMs, keyOf: (request) => `login-ip:${request.ip}` }),
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const [user] = await db.select({ id: users.id, password_hash: users.password_hash }).from(users).where(eq(users.email, email)).limit(1);
      const matches = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), request.body.password);
      if (!user || !matches) throw invalid({ email: [wrongCredentials] });

      const session = await openSession(db, {
        userId: user.id,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        ttlHours: sessionTtlHours,
      });
      const permissions = await permissionsOf(db, user.id);
      return {
        data: {
          user: await profileOf(db, user.id, permissions),
          permissions,
          access_token: session.token,
          token_type: 'Bearer' as const,
          expires_at: session.expiresAt.toISOString(),
        },
      };
    },
  );

  app.delete('/logout', { schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: messageResponse } }, config: { access: 'authenticated' } }, async (request) => {
    await revokeSession(db, requireAuth(request).sessionId);
    return { message: 'Logged out.' };
  });

  app.get('/profile', { schema: { tags: ['profile'], summary: 'The signed-in user', response: { 200: dataOf(profile) } }, config: { access: 'authenticated' } }, async (request) => {
    const auth = requireAuth(request);
    return { data: await profileOf(db, auth.userId, auth.permissions) };
  });

  app.get(
    '/profile/sessions',
    {
      schema: { tags: ['profile'], summary: 'My browser sessions', response: { 200: dataOf(z.array(browserSession)) } },
      config: { access: 'user.profile.view' },
    },
    async (request) => ({ data: await listSessions(db, requireAuth(request)) }),
  );

  app.delete(
    '/profile/sessions/others',
    {
      schema: {
        tags: ['profile'],
        summary: 'Log out my other browser sessions',
        response: { 200: z.object({ message: z.string(), data: z.object({ revoked: z.number().int() }) }) },
      },
      config: { access: 'user.profile.view' },
    },
    async (request) => {
      const revoked = await revokeOtherSessions(db, requireAuth(request));
      return { message: 'Other browser sessions logged out.', data: { revoked } };
    },
  );
};
