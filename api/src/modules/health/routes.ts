import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { migrationsAreCurrent } from '../../db/migrate.ts';

const health = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']), migrations: z.enum(['current', 'pending', 'unknown']) });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Database reachable and migrations current', response: { 200: health, 503: health } }, config: { access: 'public' } },
    async (_request, reply) => {
      const current = await migrationsAreCurrent(db).then(
        (value) => value,
        () => null,
      );
      if (current === null) return reply.status(503).send({ status: 'degraded', database: 'down', migrations: 'unknown' });
      if (!current) return reply.status(503).send({ status: 'degraded', database: 'up', migrations: 'pending' });
      return { status: 'ok' as const, database: 'up' as const, migrations: 'current' as const };
    },
  );
};
