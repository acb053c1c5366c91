/** The signed-in user's own changes: name, e-mail and locale, and the password. */
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponse, passwordChangeBody, profile, profileUpdateBody } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { requireAuth } from '../../http/access.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { profileOf } from './profile.ts';
import { revokeOtherSessions } from './sessions.ts';

export const profileChangeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.put(
    '/profile',
    {
      schema: { tags: ['profile'], summary: 'Change my name, e-mail or locale', body: profileUpdateBody, response: { 200: z.object({ message: z.string(), data: profile }) } },
      config: { access: 'user.profile.update' },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { email } = request.body;
      if (email !== undefined) {
        const [taken] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, auth.userId)))
          .limit(1);
        if (taken) throw invalid({ email: ['The email has already been taken.'] });
      }
      await db.update(users).set(request.body).where(eq(users.id, auth.userId));
      return { message: 'Settings successfully updated', data: await profileOf(db, auth.userId, auth.permissions) };
    },
  );

  app.put(
    '/profile/password',
    {
      schema: { tags: ['profile'], summary: 'Change my password (signs out my other sessions)', body: passwordChangeBody, response: { 200: messageResponse } },
      config: {
        access: 'user.profile.update',
        // A stolen token must not become a way to guess the current password.
        rateLimit: { max: 10, timeWindow: 15 * 60_000, hook: 'preHandler', keyGenerator: (request) => `password:${requireAuth(request).userId}` },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const [user] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, auth.userId)).limit(1);
      if (!user) throw notFound('User');
      if (!(await verifyPassword(user.password_hash, request.body.current_password))) {
        throw invalid({ current_password: ['The current password is incorrect.'] });
      }
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, auth.userId));
        await revokeOtherSessions(tx, auth);
      });
      return { message: 'Password changed.' };
    },
  );
};
