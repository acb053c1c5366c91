/** The console side of what an affiliate company sees: its settings, its status map and its short summary. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliateSettingsBody, affiliateSettingsItem, affiliateStatusMap, affiliateStatusMapBody, affiliateSummary as summarySchema, dataOf, idParam } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { readSettings, readStatusMap, replaceStatusMap, writeSettings } from './settings.ts';
import { affiliateSummary } from './summary.ts';

const tags = ['settings › affiliate access'];
const company = '/settings/affiliate/company/:id';
const view = { access: 'settings.affiliateCompany.view' } as const;
const update = { access: 'settings.affiliateCompany.update' } as const;

export const affiliateAccessRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    `${company}/settings`,
    {
      schema: { tags, summary: "An affiliate company's time zone, daily cap, default public status and FTD hold", params: idParam, response: { 200: dataOf(affiliateSettingsItem) } },
      config: view,
    },
    async (request) => ({ data: await readSettings(db, request.params.id) }),
  );

  app.put(
    `${company}/settings`,
    {
      schema: {
        tags,
        summary: 'Set the fields sent (the others keep their value, or the default)',
        params: idParam,
        body: affiliateSettingsBody,
        response: { 200: dataOf(affiliateSettingsItem) },
      },
      config: update,
    },
    async (request) => ({ data: await writeSettings(db, request.params.id, request.body) }),
  );

  app.get(
    `${company}/status-map`,
    { schema: { tags, summary: 'Internal status → the public status the company sees', params: idParam, response: { 200: dataOf(affiliateStatusMap) } }, config: view },
    async (request) => ({ data: await readStatusMap(db, request.params.id) }),
  );

  app.put(
    `${company}/status-map`,
    {
      schema: {
        tags,
        summary: 'Replace the whole status map (unmapped statuses show the default public status)',
        params: idParam,
        body: affiliateStatusMapBody,
        response: { 200: dataOf(affiliateStatusMap) },
      },
      config: update,
    },
    async (request) => ({ data: await replaceStatusMap(db, request.params.id, request.body) }),
  );

  app.get(
    `${company}/summary`,
    { schema: { tags, summary: 'Leads today and this week (company time zone): accepted, and refused by reason', params: idParam, response: { 200: dataOf(summarySchema) } }, config: view },
    async (request) => ({ data: await affiliateSummary(db, request.params.id) }),
  );
};
