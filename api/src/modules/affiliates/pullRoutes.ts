/**
 * `GET /api/v1/leads` and `GET /api/v1/leads/{lead_id}`: an affiliate's own leads with their public status and FTD
 * (pull.ts), authenticated by the `X-Api-Key` like every `/api/v1` operation (publicApi.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliateLeadPage, affiliateLeadParam, affiliateLeadPullLimit, affiliateLeadPullQuery, affiliateLeadRefused, affiliatePulledLead } from '@crm/shared/contract';
import { callerOf, Refusal, type OperationOptions } from './publicApi.ts';
import { pullLead, pullLeads, pullQuerySchema } from './pull.ts';

const lead = {
  lead_id: 'L0123456789',
  status: 'Deposited',
  is_ftd: true,
  ftd_at: '2026-11-27T14:05:00.000Z',
  click_id: 'c-8f2a',
  sub1: 'banner-3',
  sub2: null,
  sub3: null,
  sub4: null,
  sub5: null,
  country: 'DE',
  received_at: '2026-11-27T12:00:00.000Z',
};

const refusals = {
  401: affiliateLeadRefused,
  403: affiliateLeadRefused,
  422: affiliateLeadRefused.meta({
    example: { status: 'refused', reason: 'INVALID', message: 'The page is not one this API gave.', errors: { page: ['The page is not one this API gave.'] } },
  }),
  429: affiliateLeadRefused,
};

export const affiliatePullRoutes: FastifyPluginAsyncZod<OperationOptions> = async (app, { db }) => {
  app.get(
    '/leads',
    {
      schema: {
        tags: ['leads'],
        summary: 'List your leads',
        description:
          'Your leads, newest first, with the status you see and the FTD (an FTD may show some hours after it happened). ' +
          '`from` (inclusive) and `to` (exclusive; a day includes the whole day) take a day, read in your time zone, or a date and time with its offset. ' +
          `\`limit\` 1–${affiliateLeadPullLimit.max} (default ${affiliateLeadPullLimit.default}). ` +
          'To read the next page, send the same query with `page` set to `next_page`; `next_page` is null on the last page.',
        querystring: pullQuerySchema(affiliateLeadPullQuery),
        response: { 200: affiliateLeadPage.meta({ example: { data: [lead], next_page: 'WyIyMDI2LTExLTI3VDEyOjAwOjAwLjAwMDAwMFoiLDQyXQ' } }), ...refusals },
        security: [{ apiKey: [] }],
      },
      config: { access: 'public' },
    },
    async (request) => pullLeads(db, callerOf(request).affiliateCompanyId, request.query),
  );

  app.get(
    '/leads/:lead_id',
    {
      schema: {
        tags: ['leads'],
        summary: 'One of your leads',
        description: 'The lead `lead_id` (as the 201 of `POST /leads` gave it). Another company’s lead, or an unknown id: `NOT_FOUND` 404.',
        params: affiliateLeadParam,
        response: {
          200: affiliatePulledLead.meta({ example: lead }),
          ...refusals,
          404: affiliateLeadRefused.meta({ example: { status: 'refused', reason: 'NOT_FOUND', message: 'No lead of yours has this id.' } }),
        },
        security: [{ apiKey: [] }],
      },
      config: { access: 'public' },
    },
    async (request) => {
      const found = await pullLead(db, callerOf(request).affiliateCompanyId, request.params.lead_id);
      if (!found) throw new Refusal(404, 'NOT_FOUND', 'No lead of yours has this id.');
      return found;
    },
  );
};
