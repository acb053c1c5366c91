/**
 * `POST /lead` (add lead). A refusal is a 422 naming the fields and is NOT stored as a failed lead: the person
 * adding it is looking at the form and fixes it in place. Imports store their refusals (`recordFailedLead`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addLeadBody, leadCreated } from '@crm/shared/contract';
import { requireAuth } from '../../../http/access.ts';
import { HttpError } from '../../../http/errors.ts';
import type { Db } from '../../../db/database.ts';
import { assertMayDistribute } from '../distributionQueue.ts';
import { leadCreatedMessage, toCreatedLead, type IntakeRefusal } from './schema.ts';
import { intakeLead } from './service.ts';

/** The 422 of a refused lead: `{ message, errors: { field: [message] } }`, like every other validation error. */
export function refusalError(refused: IntakeRefusal): HttpError {
  return new HttpError(422, refused.message, refused.errors);
}

export const intakeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/lead',
    {
      schema: {
        tags: ['lead'],
        summary: 'Add a lead',
        description:
          'Emails are lower-cased, phones normalized to E.164 with the country, references, blacklist and duplicates (same email or phone ' +
          'within the window) checked. A source with random statuses gives a lead sent without status_id a weighted random one. ' +
          'A refusal is a 422 with the field messages and is not stored as a failed lead. With `auto_distribute` (lead.send, else 403 and ' +
          'nothing written) the lead is queued for distribution by the rules in the same transaction.',
        body: addLeadBody,
        response: { 201: leadCreated },
      },
      config: { access: 'lead.create' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { auto_distribute: distribute, ...lead } = request.body;
      if (distribute) await assertMayDistribute(db, auth);
      const result = await intakeLead(db, lead, { userId: auth.userId, cause: 'intake', distribute });
      if (!result.ok) throw refusalError(result);
      return reply.status(201).send({ message: leadCreatedMessage, data: toCreatedLead(result.lead, result.tagIds) });
    },
  );
};
