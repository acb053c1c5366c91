/** `/distribution/rules`: the ordered distribution rules, each with its conditions and tiers of weighted departments. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  crudPermissions,
  dataOf,
  distributionRuleBody,
  distributionRuleEnabledBody,
  distributionRuleItem,
  distributionRuleMoveBody,
  distributionRuleOrderBody,
  distributionSettingsBody,
  idParam,
  messageResponse,
} from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { createRule, deleteRule, findRule, listRules, moveRule, orderRules, replaceRule, setRuleEnabled } from './ruleStore.ts';
import { distributionSettingsOf, writeDistributionSettings } from './settings.ts';

const path = '/distribution/rules';
const tags = ['distribution › rules'];
const permissions = crudPermissions('distribution.rule');
const saved = z.object({ message: z.string(), data: distributionRuleItem });
const ordered = dataOf(z.array(distributionRuleItem));

export const distributionRuleRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/distribution/settings',
    {
      schema: { tags, summary: "The engine's settings: broker calls per lead at most, hold time", response: { 200: dataOf(distributionSettingsBody) } },
      config: { access: permissions.view },
    },
    async () => ({ data: await distributionSettingsOf(db) }),
  );

  app.put(
    '/distribution/settings',
    {
      schema: {
        tags,
        summary: "Replace the engine's settings (they apply to the next pass of every lead)",
        body: distributionSettingsBody,
        response: { 200: dataOf(distributionSettingsBody) },
      },
      config: { access: permissions.update },
    },
    async (request) => ({ data: await writeDistributionSettings(db, request.body) }),
  );

  app.get(
    path,
    { schema: { tags, summary: 'Every rule in the order they are tried (the first enabled match wins)', response: { 200: ordered } }, config: { access: permissions.view } },
    async () => ({ data: await listRules(db) }),
  );

  app.get(
    `${path}/:id`,
    { schema: { tags, summary: 'One rule with its tiers', params: idParam, response: { 200: dataOf(distributionRuleItem) } }, config: { access: permissions.view } },
    async (request) => ({ data: await findRule(db, request.params.id) }),
  );

  app.post(
    path,
    {
      schema: { tags, summary: 'Add a rule (tried after the existing ones); an empty condition matches every lead', body: distributionRuleBody, response: { 201: saved } },
      config: { access: permissions.create },
    },
    async (request, reply) => reply.status(201).send({ message: 'Rule successfully created', data: await createRule(db, request.body) }),
  );

  app.put(
    `${path}/order`,
    { schema: { tags, summary: 'Put every rule in this order (each id once)', body: distributionRuleOrderBody, response: { 200: ordered } }, config: { access: permissions.update } },
    async (request) => ({ data: await orderRules(db, request.body.ids) }),
  );

  app.put(
    `${path}/:id`,
    {
      schema: { tags, summary: 'Replace a rule whole, tiers included (its position is kept)', params: idParam, body: distributionRuleBody, response: { 200: saved } },
      config: { access: permissions.update },
    },
    async (request) => ({ message: 'Rule successfully updated', data: await replaceRule(db, request.params.id, request.body) }),
  );

  app.put(
    `${path}/:id/enabled`,
    { schema: { tags, summary: 'Enable or disable a rule', params: idParam, body: distributionRuleEnabledBody, response: { 200: saved } }, config: { access: permissions.update } },
    async (request) => ({ message: 'Rule successfully updated', data: await setRuleEnabled(db, request.params.id, request.body.is_enabled) }),
  );

  app.put(
    `${path}/:id/position`,
    {
      schema: { tags, summary: 'Move a rule to a position (1 is tried first); the others keep their order', params: idParam, body: distributionRuleMoveBody, response: { 200: ordered } },
      config: { access: permissions.update },
    },
    async (request) => ({ data: await moveRule(db, request.params.id, request.body.position) }),
  );

  app.delete(
    `${path}/:id`,
    { schema: { tags, summary: 'Delete a rule (the ones after it move up)', params: idParam, response: { 200: messageResponse } }, config: { access: permissions.delete } },
    async (request) => {
      await deleteRule(db, request.params.id);
      return { message: 'Rule successfully deleted' };
    },
  );
};
