/**
 * `POST /api/v1/leads`, the route affiliates' servers call (public: its `X-Api-Key` authenticates it). The key and the
 * address are checked before the body is read; every answer is `{ status: 'accepted' | 'refused', … }`, even for a
 * body that is not JSON or too large, and every call goes to the request log (key and password redacted).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  affiliateAcceptedExample,
  affiliateInvalidExample,
  affiliateLeadAccepted,
  affiliateLeadBody,
  affiliateLeadExample,
  affiliateLeadRefused,
  affiliateLeadWaitQuery,
} from '@crm/shared/contract';
import { Batcher } from '../../db/batcher.ts';
import { z } from 'zod';
import { bodyHash, claimIdempotencyKey, releaseIdempotencyKey } from './idempotency.ts';
import { keepRefusedBody, receiveAffiliateLeads, storedAnswer, type AffiliateAnswer, type AffiliateCall } from './intake.ts';
import { Refusal, bodyLimit, callBatching, callerOf, logUnderLead, refusalMessage, type OperationOptions } from './publicApi.ts';
import { deliveryWait } from './deliveryWait.ts';

export const affiliateIntakeRoutes: FastifyPluginAsyncZod<OperationOptions> = async (app, { db, listen }) => {
  const waitForDistribution = deliveryWait(db, listen);
  // Concurrent calls share one transaction (DESIGN §6, micro-batches); 64 keeps the contact locks brief.
  const queue = new Batcher((calls: AffiliateCall[]) => receiveAffiliateLeads(db, calls), { maxItems: 64, ...callBatching });
  app.addHook('onClose', () => queue.flush());
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
          '`IP_NOT_ALLOWED` 403, `RATE_LIMITED` 429 (with `Retry-After`), `CAP_REACHED` 429 (the daily cap of your company); with an ' +
          '`Idempotency-Key`: `IDEMPOTENCY_CONFLICT` 422 (the key was used with another body), `IN_FLIGHT` 409 (retry after `Retry-After`). ' +
          'A body that is not JSON or larger than 16 KB: `INVALID` 400 / 413.',
        headers: z.object({
          'idempotency-key': z
            .string()
            .regex(/^[\x21-\x7e]{1,255}$/, 'The Idempotency-Key must be 1 to 255 printable ASCII characters.')
            .optional()
            .meta({ description: 'Makes a retry safe: within 72 h the same key and body get the first answer again (header `Idempotent-Replayed: true`).' }),
        }),
        querystring: affiliateLeadWaitQuery,
        body: affiliateLeadBody.meta({ example: affiliateLeadExample }),
        response: {
          201: affiliateLeadAccepted.meta({ example: affiliateAcceptedExample }),
          400: affiliateLeadRefused,
          401: affiliateLeadRefused,
          403: affiliateLeadRefused,
          409: affiliateLeadRefused,
          413: affiliateLeadRefused,
          429: affiliateLeadRefused,
          415: affiliateLeadRefused,
          422: affiliateLeadRefused.meta({ example: affiliateInvalidExample }),
        },
        security: [{ apiKey: [] }],
      },
      config: { access: 'public' },
      // A body the schema refuses reaches the handler, which keeps it as a failed lead before answering the 422.
      attachValidation: true,
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const refused = request.validationError;
      if (refused) {
        if (refused.validationContext === 'body') await keepRefusedBody(db, caller, request.body, refusalMessage(refused));
        throw refused;
      }
      const key = request.headers['idempotency-key'];
      if (key !== undefined) {
        const claim = await claimIdempotencyKey(db, caller.affiliateCompanyId, key, bodyHash(request.body));
        if (claim.kind === 'conflict') throw new Refusal(422, 'IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was used with another body.');
        if (claim.kind === 'in-flight') throw new Refusal(409, 'IN_FLIGHT', 'A call with this Idempotency-Key is still being processed.', { 'retry-after': '1' });
        if (claim.kind === 'replay') {
          const replay = storedAnswer(claim.answer.status, claim.answer.body);
          if (!replay) throw new Error(`unreadable stored answer for an Idempotency-Key of company ${caller.affiliateCompanyId}`);
          return reply.status(replay.status).header('idempotent-replayed', 'true').send(replay.body);
        }
      }
      let answer: AffiliateAnswer;
      try {
        answer = await queue.add({ caller, body: request.body, idempotencyKey: key, receivedAt: new Date() });
      } catch (error) {
        if (key !== undefined) await releaseIdempotencyKey(db, caller.affiliateCompanyId, key);
        throw error;
      }
      if (answer.leadRowId === null) return reply.status(answer.status).send(answer.body);
      logUnderLead(request, answer.leadRowId);
      const { wait } = request.query;
      if (wait === undefined || answer.body.status !== 'accepted') return reply.status(answer.status).send(answer.body);
      return reply.status(answer.status).send({ ...answer.body, distribution: await waitForDistribution(answer.leadRowId, wait * 1000) });
    },
  );
};
