/** The console side of affiliate API keys: a company's keys listed, created, edited, revoked and rotated. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affiliateKeyCreateBody, affiliateKeyIssued, affiliateKeyItem, affiliateKeyRotateBody, affiliateKeyUpdateBody, dataOf, emptyBody, idParam } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { createKey, defaultGraceHours, listKeys, revokeKey, rotateKey, updateKey } from './keys.ts';

const tags = ['settings › affiliate API keys'];
const companyKeys = '/settings/affiliate/company/:id/api-key';
const oneKey = '/settings/affiliate/api-key/:id';

export const affiliateKeyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    companyKeys,
    {
      schema: { tags, summary: "An affiliate company's API keys (never the keys themselves)", params: idParam, response: { 200: dataOf(z.array(affiliateKeyItem)) } },
      config: { access: 'settings.affiliateKey.view' },
    },
    async (request) => ({ data: await listKeys(db, request.params.id) }),
  );

  app.post(
    companyKeys,
    {
      schema: { tags, summary: 'Issue an API key: the answer carries it in `data.key`, this once', params: idParam, body: affiliateKeyCreateBody, response: { 201: affiliateKeyIssued } },
      config: { access: 'settings.affiliateKey.create' },
    },
    async (request, reply) => reply.status(201).send({ message: 'API key created. Copy it now: it is not shown again.', data: await createKey(db, request.params.id, request.body) }),
  );

  app.put(
    oneKey,
    {
      schema: {
        tags,
        summary: "Edit a key's name, source, allowed IPs, rate, active flag or expiry",
        params: idParam,
        body: affiliateKeyUpdateBody,
        response: { 200: dataOf(affiliateKeyItem) },
      },
      config: { access: 'settings.affiliateKey.update' },
    },
    async (request) => ({ data: await updateKey(db, request.params.id, request.body) }),
  );

  app.post(
    `${oneKey}/revoke`,
    {
      schema: { tags, summary: 'Revoke a key: refused from now on', params: idParam, body: emptyBody, response: { 200: dataOf(affiliateKeyItem) } },
      config: { access: 'settings.affiliateKey.delete' },
    },
    async (request) => ({ data: await revokeKey(db, request.params.id) }),
  );

  app.post(
    `${oneKey}/rotate`,
    {
      schema: {
        tags,
        summary: `Rotate a key: a new one now (in \`data.key\`, this once); the old one works for \`grace_hours\` more (${defaultGraceHours} by default)`,
        params: idParam,
        body: affiliateKeyRotateBody,
        response: { 201: affiliateKeyIssued },
      },
      config: { access: 'settings.affiliateKey.create' },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ message: 'API key rotated. Copy the new key now: it is not shown again.', data: await rotateKey(db, request.params.id, request.body?.grace_hours ?? defaultGraceHours) }),
  );
};
