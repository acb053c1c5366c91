/** The console side of affiliate postbacks: a company's templates, the "send test postback" action, the delivery log. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  affiliatePostbackCreateBody,
  affiliatePostbackDelivery,
  affiliatePostbackItem,
  affiliatePostbackLogQuery,
  affiliatePostbackOutcome,
  affiliatePostbackUpdateBody,
  dataOf,
  emptyBody,
  idParam,
  messageResponse,
  paginated,
} from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { createTemplate, deleteTemplate, findTemplate, listTemplates, updateTemplate } from './postbacks.ts';
import { sendTestPostback } from './postbacksDelivery.ts';
import { listDeliveries } from './postbacksLog.ts';

const tags = ['settings › affiliate postbacks'];
const companyPostbacks = '/settings/affiliate/company/:id/postback';
const onePostback = '/settings/affiliate/postback/:id';
const saved = z.object({ message: z.string(), data: affiliatePostbackItem });

export const affiliatePostbackRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    companyPostbacks,
    {
      schema: { tags, summary: "An affiliate company's postback URL templates (one per event)", params: idParam, response: { 200: dataOf(z.array(affiliatePostbackItem)) } },
      config: { access: 'settings.affiliatePostback.view' },
    },
    async (request) => ({ data: await listTemplates(db, request.params.id) }),
  );

  app.post(
    companyPostbacks,
    {
      schema: { tags, summary: 'Add the postback of an event', params: idParam, body: affiliatePostbackCreateBody, response: { 201: saved } },
      config: { access: 'settings.affiliatePostback.create' },
    },
    async (request, reply) => reply.status(201).send({ message: 'Postback saved.', data: await createTemplate(db, request.params.id, request.body) }),
  );

  app.put(
    onePostback,
    {
      schema: {
        tags,
        summary: "Edit a postback's method, URL template or active flag",
        params: idParam,
        body: affiliatePostbackUpdateBody,
        response: { 200: saved },
      },
      config: { access: 'settings.affiliatePostback.update' },
    },
    async (request) => ({ message: 'Postback saved.', data: await updateTemplate(db, request.params.id, request.body) }),
  );

  app.delete(
    onePostback,
    { schema: { tags, summary: 'Remove a postback', params: idParam, response: { 200: messageResponse } }, config: { access: 'settings.affiliatePostback.delete' } },
    async (request) => {
      await deleteTemplate(db, request.params.id);
      return { message: 'Postback deleted.' };
    },
  );

  app.post(
    `${onePostback}/test`,
    {
      schema: {
        tags,
        summary: "Send a test postback now: the template's URL with sample values; answers the HTTP status, time and the start of the body",
        params: idParam,
        body: emptyBody,
        response: { 200: dataOf(affiliatePostbackOutcome) },
      },
      config: { access: 'settings.affiliatePostback.update' },
    },
    async (request) => ({ data: await sendTestPostback(db, await findTemplate(db, request.params.id)) }),
  );

  app.get(
    `${companyPostbacks}/delivery`,
    {
      schema: {
        tags,
        summary: "The delivery log of a company's postbacks, newest first",
        params: idParam,
        querystring: affiliatePostbackLogQuery,
        response: { 200: paginated(affiliatePostbackDelivery) },
      },
      config: { access: 'settings.affiliatePostback.view' },
    },
    async (request) => listDeliveries(db, request.params.id, request.query),
  );
};
