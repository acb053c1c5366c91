import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brokerDepartmentOption, brokerOption, countryOption, dataOf, namedOption, roleOption, sentLeadStatusOption, statusOption, tagOption, userOption } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import {
  affiliateCompanyOptions,
  brokerOptions,
  countryOptions,
  departmentOptions,
  roleOptions,
  sendFailureStatuses,
  sentLeadStatuses,
  sourceOptions,
  statusOptions,
  tagOptions,
  userOptions,
} from './service.ts';

export const optionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags_ = ['options'];

  app.get('/management/user/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(userOption)) } }, config: { access: 'options.users.all' } }, async () => ({
    data: await userOptions(db),
  }));

  app.get('/broker/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(brokerOption)) } }, config: { access: 'options.brokers.all' } }, async () => ({
    data: await brokerOptions(db, false),
  }));

  app.get(
    '/broker/all/for/send',
    {
      schema: { tags: tags_, summary: 'Active brokers with at least one active sending integration', response: { 200: dataOf(z.array(brokerOption)) } },
      config: { access: 'options.brokers.send' },
    },
    async () => ({ data: await brokerOptions(db, true) }),
  );

  app.get(
    '/broker/department/all',
    { schema: { tags: tags_, response: { 200: dataOf(z.array(brokerDepartmentOption)) } }, config: { access: 'options.broker_departments.all' } },
    async () => ({ data: await departmentOptions(db) }),
  );

  app.get('/settings/source/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(namedOption)) } }, config: { access: 'options.sources.all' } }, async () => ({
    data: await sourceOptions(db),
  }));

  app.get('/settings/tag/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(tagOption)) } }, config: { access: 'options.tags.all' } }, async () => ({
    data: await tagOptions(db),
  }));

  app.get('/settings/country/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(countryOption)) } }, config: { access: 'options.countries.all' } }, async () => ({
    data: await countryOptions(db),
  }));

  app.get('/settings/status/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(statusOption)) } }, config: { access: 'options.statuses.all' } }, async () => ({
    data: await statusOptions(db),
  }));

  app.get(
    '/lead/last/statuses/all',
    {
      schema: { tags: tags_, summary: 'Broker-side statuses seen on sent leads (a plain list)', response: { 200: z.array(sentLeadStatusOption) } },
      config: { access: 'options.statusesOfSent.all' },
    },
    async () => (await sentLeadStatuses(db)).map((status) => ({ status })),
  );

  app.get(
    '/lead/history/send/failure/statuses',
    {
      schema: { tags: tags_, summary: 'Failure statuses of send attempts (a plain list)', response: { 200: z.array(z.string()) } },
      config: { access: 'options.statuses.sendHistoryFailure' },
    },
    async () => sendFailureStatuses(db),
  );

  app.get(
    '/settings/affiliate/company/all',
    { schema: { tags: tags_, response: { 200: dataOf(z.array(namedOption)) } }, config: { access: 'options.affiliateCompanies.all' } },
    async () => ({
      data: await affiliateCompanyOptions(db),
    }),
  );

  app.get(
    '/management/role/all',
    {
      schema: { tags: tags_, response: { 200: dataOf(z.array(roleOption)) } },
      config: { access: { anyOf: ['management.user.create', 'management.user.update'] } },
    },
    async () => ({ data: await roleOptions(db) }),
  );
};
