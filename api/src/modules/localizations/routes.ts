import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localizationMap, localizationParams } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { localizations } from '../../db/schema/index.ts';

/** Server-side translations for one language: a map of key → text, overlaid on the translation files. */
export const localizationRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/localizations/:lng',
    {
      schema: { tags: ['localizations'], summary: 'Translations stored on the server for a language', params: localizationParams, response: { 200: localizationMap } },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const rows = await db
        .select({ key: localizations.key, value: localizations.value })
        .from(localizations)
        .where(eq(localizations.locale, request.params.lng))
        .orderBy(asc(localizations.key));
      void reply.header('cache-control', 'public, max-age=60');
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },
  );
};
