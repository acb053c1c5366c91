import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brokerDepartmentOption,
  brokerOption,
  countryOption,
  dataOf,
  namedOption,
  roleOption,
  sentLeadStatusOption,
  statusOption,
  tagOption,
  userOption,
  type BrokerOption,
} from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { distinctValues } from '../../db/distinct.ts';
import {
  affiliateCompanies,
  brokerAffiliateCompanies,
  brokerDepartments,
  brokers,
  countries,
  leadSendHistories,
  leads,
  permissions,
  roleHasPermissions,
  roles,
  sendIntegrations,
  sources,
  statuses,
  tags,
  users,
} from '../../db/schema/index.ts';

/** Brokers with their affiliate companies, in the option shape (docs/product.md#option-lists). */
async function brokerOptions(db: Db, onlySendable: boolean): Promise<BrokerOption[]> {
  const sendable = db
    .selectDistinct({ broker_id: brokerDepartments.broker_id })
    .from(brokerDepartments)
    .innerJoin(sendIntegrations, eq(sendIntegrations.id, brokerDepartments.send_integration_id))
    .where(sql`${brokerDepartments.is_active} and ${sendIntegrations.is_active} and ${sendIntegrations.is_sender}`);
  const rows = await db
    .select({ id: brokers.id, name: brokers.name })
    .from(brokers)
    .where(onlySendable ? sql`${brokers.is_active} and ${brokers.id} in ${sendable}` : undefined)
    .orderBy(asc(brokers.name));
  const companies = rows.length
    ? await db
        .select({ broker_id: brokerAffiliateCompanies.broker_id, id: affiliateCompanies.id, name: affiliateCompanies.name })
        .from(brokerAffiliateCompanies)
        .innerJoin(affiliateCompanies, eq(affiliateCompanies.id, brokerAffiliateCompanies.affiliate_company_id))
        .where(
          inArray(
            brokerAffiliateCompanies.broker_id,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(affiliateCompanies.name))
    : [];
  return rows.map((broker) => ({
    ...broker,
    affiliate_companies: companies.filter((company) => company.broker_id === broker.id).map(({ id, name }) => ({ id, name })),
  }));
}

export const optionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const tags_ = ['options'];

  app.get('/management/user/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(userOption)) } }, config: { access: 'options.users.all' } }, async () => ({
    data: await db.select({ id: users.id, name: users.name }).from(users).orderBy(asc(users.name)),
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
    async () => {
      const byId = new Map((await brokerOptions(db, false)).map((broker) => [broker.id, broker]));
      const departments = await db
        .select({ id: brokerDepartments.id, branch_name: brokerDepartments.branch_name, broker_id: brokerDepartments.broker_id })
        .from(brokerDepartments)
        .orderBy(asc(brokerDepartments.branch_name));
      return {
        data: departments.flatMap((department) => {
          const broker = byId.get(department.broker_id);
          return broker ? [{ id: department.id, branch_name: department.branch_name, broker_id: broker }] : [];
        }),
      };
    },
  );

  app.get('/settings/source/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(namedOption)) } }, config: { access: 'options.sources.all' } }, async () => ({
    data: await db.select({ id: sources.id, name: sources.name }).from(sources).orderBy(asc(sources.name)),
  }));

  app.get('/settings/tag/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(tagOption)) } }, config: { access: 'options.tags.all' } }, async () => ({
    data: await db.select({ id: tags.id, name: tags.name, user_setting_id: tags.user_setting_id }).from(tags).orderBy(asc(tags.name)),
  }));

  app.get('/settings/country/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(countryOption)) } }, config: { access: 'options.countries.all' } }, async () => ({
    data: await db
      .select({ id: countries.id, name: countries.name, iso_3166_2: countries.iso_3166_2, calling_code: countries.calling_code, flag: countries.flag })
      .from(countries)
      .orderBy(asc(countries.name)),
  }));

  app.get('/settings/status/all', { schema: { tags: tags_, response: { 200: dataOf(z.array(statusOption)) } }, config: { access: 'options.statuses.all' } }, async () => ({
    data: await db
      .select({
        id: statuses.id,
        name: statuses.name,
        class: statuses.class,
        in_import: statuses.in_import,
        bgColor: statuses.bg_color,
        textColor: statuses.text_color,
      })
      .from(statuses)
      .orderBy(asc(statuses.class), asc(statuses.name)),
  }));

  app.get(
    '/lead/last/statuses/all',
    {
      schema: { tags: tags_, summary: 'Broker-side statuses seen on sent leads (a plain list)', response: { 200: z.array(sentLeadStatusOption) } },
      config: { access: 'options.statusesOfSent.all' },
    },
    async () => (await distinctValues(db, leads, leads.api_lead_status)).map((status) => ({ status })),
  );

  app.get(
    '/lead/history/send/failure/statuses',
    {
      schema: { tags: tags_, summary: 'Failure statuses of send attempts (a plain list)', response: { 200: z.array(z.string()) } },
      config: { access: 'options.statuses.sendHistoryFailure' },
    },
    async () => distinctValues(db, leadSendHistories, leadSendHistories.failure_status),
  );

  app.get(
    '/settings/affiliate/company/all',
    { schema: { tags: tags_, response: { 200: dataOf(z.array(namedOption)) } }, config: { access: 'options.affiliateCompanies.all' } },
    async () => ({
      data: await db.select({ id: affiliateCompanies.id, name: affiliateCompanies.name }).from(affiliateCompanies).orderBy(asc(affiliateCompanies.name)),
    }),
  );

  app.get(
    '/management/role/all',
    {
      schema: { tags: tags_, response: { 200: dataOf(z.array(roleOption)) } },
      config: { access: { anyOf: ['management.user.create', 'management.user.update'] } },
    },
    async () => {
      const rows = await db
        .select({ id: roles.id, name: roles.name, permission: permissions.name })
        .from(roles)
        .leftJoin(roleHasPermissions, eq(roleHasPermissions.role_id, roles.id))
        .leftJoin(permissions, eq(permissions.id, roleHasPermissions.permission_id))
        .orderBy(asc(roles.name), asc(permissions.name));
      const byRole = new Map<number, { id: number; name: string; permissions: string[] }>();
      for (const row of rows) {
        const role = byRole.get(row.id) ?? { id: row.id, name: row.name, permissions: [] };
        if (row.permission) role.permissions.push(row.permission);
        byRole.set(row.id, role);
      }
      return { data: [...byRole.values()] };
    },
  );
};
