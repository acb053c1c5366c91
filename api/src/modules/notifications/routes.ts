import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, emptyBody, idParam, messageResponse, notificationSummary, paginated, paginationQuery, unreadCount } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { notifications } from '../../db/schema/index.ts';
import { requireAuth } from '../../http/access.ts';
import { notFound } from '../../http/errors.ts';
import { pageWindow, paginationMetaOf } from '../../http/pagination.ts';
import { notificationViewPermission, toNotificationSummary, unreadTotal } from './service.ts';

const access = notificationViewPermission;
const tags = ['notifications'];

export const notificationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'My notifications, newest first',
        querystring: paginationQuery.extend({ unread: z.enum(['true', 'false']).optional() }),
        response: { 200: paginated(notificationSummary) },
      },
      config: { access },
    },
    async (request) => {
      const auth = requireAuth(request);
      const where = and(eq(notifications.user_id, auth.userId), request.query.unread === 'true' ? isNull(notifications.read_at) : undefined);
      const { limit, offset } = pageWindow(request.query);
      const [rows, [total]] = await Promise.all([
        db.select().from(notifications).where(where).orderBy(desc(notifications.updated_at), desc(notifications.id)).limit(limit).offset(offset),
        db.select({ total: count() }).from(notifications).where(where),
      ]);
      return { data: rows.map(toNotificationSummary), meta: paginationMetaOf(request.query, total?.total ?? 0) };
    },
  );

  app.get('/notifications/unread/count', { schema: { tags, summary: 'How many of my notifications are unread', response: { 200: unreadCount } }, config: { access } }, async (request) => ({
    data: { total: await unreadTotal(db, requireAuth(request).userId) },
  }));

  app.get(
    '/notifications/:id',
    { schema: { tags, summary: 'One notification; opening it marks it read', params: idParam, response: { 200: dataOf(notificationSummary) } }, config: { access } },
    async (request) => {
      const auth = requireAuth(request);
      const mine = and(eq(notifications.id, request.params.id), eq(notifications.user_id, auth.userId));
      const [row] = await db
        .update(notifications)
        .set({ read_at: sql`coalesce(${notifications.read_at}, now())`, updated_at: sql`${notifications.updated_at}` })
        .where(mine)
        .returning();
      if (!row) throw notFound('Notification');
      return { data: toNotificationSummary(row) };
    },
  );

  app.put(
    '/notifications/read/all',
    { schema: { tags, summary: 'Mark all my notifications read', body: emptyBody, response: { 200: messageResponse } }, config: { access } },
    async (request) => {
      await db
        .update(notifications)
        .set({ read_at: sql`now()`, updated_at: sql`${notifications.updated_at}` })
        .where(and(eq(notifications.user_id, requireAuth(request).userId), isNull(notifications.read_at)));
      return { message: 'All notifications marked read.' };
    },
  );
};
