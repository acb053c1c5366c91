/**
 * `POST /api/v1/leads`, the route affiliates' servers call (public: its `X-Api-Key` authenticates it). The key and the
 * address are checked before the body is read; every answer is `{ status: 'accepted' | 'refused', … }`, even for a
 * body that is not JSON or too large, and every call goes to the request log (key and password redacted).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { affiliateAcceptedExample, affiliateInvalidExample, affiliateLeadAccepted, affiliateLeadBody, affiliateLeadExample, affiliateLeadRefused } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { receiveAffiliateLead } from './intake.ts';
import { bodyLimit, callerOf, logUnderLead } from './publicApi.ts';

export const affiliateIntakeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/leads',
    {
      bodyLimit,
      schema: {
        tags: ['leads'],
        summary: 'Post one lead',
        description:
          "One call per lead, answered at once. The lead gets the API key's affiliate company and source. Phones are read as E.164, or as " +
          'national numbers with `country`; emails are lower-cased; blacklisted contacts and duplicates (same email or phone within the ' +
          'duplicate window) are refused. Refusals: `INVALID` 422 (per field), `DUPLICATE` 409, `BLACKLISTED` 422, `KEY_INVALID` 401, ' +
          '`IP_NOT_ALLOWED` 403; a body that is not JSON or larger than 16 KB: `INVALID` 400 / 413.',
        body: affiliateLeadBody.meta({ example: affiliateLeadExample }),
        response: {
          201: affiliateLeadAccepted.meta({ example: affiliateAcceptedExample }),
          400: affiliateLeadRefused,
          401: affiliateLeadRefused,
          403: affiliateLeadRefused,
          409: affiliateLeadRefused,
          413: affiliateLeadRefused,
          415: affiliateLeadRefused,
          422: affiliateLeadRefused.meta({ example: affiliateInvalidExample }),
        },
        security: [{ apiKey: [] }],
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const result = await receiveAffiliateLead(db, callerOf(request), request.body);
      if (!result.ok) return reply.status(result.status).send(result.refused);
      logUnderLead(request, result.id);
      return reply.status(201).send({ status: 'accepted', lead_id: result.leadId, received_at: result.receivedAt.toISOString() });
    },
  );
};
