import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataOf, localizationMap, localizationParams } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { locales, localizations } from '../../db/schema/index.ts';

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
      // The console caches the map itself (60 s) and drops that cache when this browser saves a
      // value; an HTTP cache underneath would hand back the old map for another minute.
      void reply.header('cache-control', 'no-cache');
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },
  );

  app.get(
    '/locales',
    {
      schema: { tags: ['localizations'], summary: 'Interface languages the console offers: code → name', response: { 200: dataOf(z.record(z.string(), z.string())) } },
      config: { access: 'public' },
    },
    async () => {
      const rows = await db.select({ code: locales.code, name: locales.name }).from(locales).where(eq(locales.is_active, true)).orderBy(asc(locales.id));
      return { data: Object.fromEntries(rows.map((row) => [row.code, row.name])) };
    },
  );
};
