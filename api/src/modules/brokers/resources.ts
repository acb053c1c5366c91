/**
 * Brokers (`broker/search`) and broker departments (`broker/department/search`) as resources. A broker's affiliate
 * companies are written from `affiliate_company_ids`; its IP addresses are stored canonically. A department names
 * its broker and, optionally, the send integration its leads go through.
 */
import { count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { brokerBodies, brokerItem, crudPermissions, departmentBodies, departmentItem, idText } from '@crm/shared/contract';
import { affiliateCompanies, brokerAffiliateCompanies, brokerDepartments, brokers, countries, languages, sendIntegrations } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import type { Executor } from '../../db/database.ts';
import { type ResourceDefinition, type Row } from '../../http/resource.ts';
import { rowIds, without } from '../../http/rows.ts';
import { normalizedAddresses } from './addresses.ts';
import { affiliateCompaniesByBroker, brokerRefs, itemWithKeysOf } from './relations.ts';
import { integrationNames } from '../../db/relations.ts';

const flag = z.stringbool();

const messagesOf = (name: string) => ({
  created: `${name} successfully created`,
  updated: `${name} successfully updated`,
  deleted: `${name} successfully deleted`,
});

// ── brokers ──────────────────────────────────────────────────────────────────────────────────────────

async function withCompaniesAndDepartments(executor: Executor, rows: Row[]): Promise<Row[]> {
  const ids = rowIds(rows);
  // One after the other: inside a write's transaction these share one connection.
  const companies = await affiliateCompaniesByBroker(executor, ids);
  const counts = await executor
    .select({ broker_id: brokerDepartments.broker_id, departments: count() })
    .from(brokerDepartments)
    .where(inArray(brokerDepartments.broker_id, ids))
    .groupBy(brokerDepartments.broker_id);
  const departments = new Map(counts.map((row) => [row.broker_id, row.departments]));
  return rows.map((row) => ({ ...row, affiliate_companies: companies.get(Number(row['id'])) ?? [], departments_count: departments.get(Number(row['id'])) ?? 0 }));
}

async function replaceAffiliateCompanies(tx: Executor, brokerId: number, companyIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(companyIds)];
  const found = wanted.length > 0 ? await tx.select({ id: affiliateCompanies.id }).from(affiliateCompanies).where(inArray(affiliateCompanies.id, wanted)) : [];
  if (found.length !== wanted.length) throw invalid({ affiliate_company_ids: ['The selected affiliate company does not exist.'] });
  await tx.delete(brokerAffiliateCompanies).where(eq(brokerAffiliateCompanies.broker_id, brokerId));
  if (wanted.length > 0) await tx.insert(brokerAffiliateCompanies).values(wanted.map((affiliate_company_id) => ({ broker_id: brokerId, affiliate_company_id })));
}

export const brokerResource: ResourceDefinition = {
  path: '/broker',
  name: 'Broker',
  table: brokers,
  permissions: crudPermissions('broker'),
  ...brokerBodies,
  item: brokerItem,
  toItem: itemWithKeysOf(brokerItem),
  searchable: [brokers.name, brokers.company_name],
  sortable: { name: brokers.name, created_at: brokers.created_at, contract_expires_in: brokers.contract_expires_in },
  defaultSort: 'name',
  filters: { is_active: { column: brokers.is_active, schema: flag } },
  unique: [{ field: 'name', columns: [brokers.name], message: 'A broker with this name already exists.' }],
  messages: messagesOf('Broker'),
  hooks: {
    withRelated: withCompaniesAndDepartments,
    async toValues(body) {
      const values = without(body, ['affiliate_company_ids']);
      const addresses = z.array(z.string()).optional().parse(body['ip_addresses']);
      const pages = z.array(z.string()).optional().parse(body['company_web_pages']);
      if (addresses) values['ip_addresses'] = normalizedAddresses(addresses, 'ip_addresses');
      if (pages) values['company_web_pages'] = [...new Set(pages)];
      return values;
    },
    async afterWrite(tx, { row, body }) {
      const companyIds = z.array(z.number()).optional().parse(body['affiliate_company_ids']);
      if (companyIds) await replaceAffiliateCompanies(tx, Number(row['id']), companyIds);
    },
  },
};

// ── departments ──────────────────────────────────────────────────────────────────────────────────────

async function withBrokerAndIntegration(executor: Executor, rows: Row[]): Promise<Row[]> {
  const integrationIds = rows.map((row) => row['send_integration_id']).filter((id): id is number => typeof id === 'number');
  const refs = await brokerRefs(
    executor,
    rows.map((row) => Number(row['broker_id'])),
  );
  const integrationById = await integrationNames(executor, [...new Set(integrationIds)]);
  return rows.map((row) => ({
    ...row,
    broker: refs.get(Number(row['broker_id'])) ?? { id: Number(row['broker_id']), name: '', affiliate_companies: [] },
    send_integration: typeof row['send_integration_id'] === 'number' ? (integrationById.get(row['send_integration_id']) ?? null) : null,
  }));
}

const toDepartmentItem = itemWithKeysOf(departmentItem);

/** Department rows as items, their brokers and integrations loaded once for all of them. */
export async function departmentItemsOf(executor: Executor, rows: Row[]): Promise<Row[]> {
  return rows.length === 0 ? [] : (await withBrokerAndIntegration(executor, rows)).map(toDepartmentItem);
}

/** A 422 under each reference field of the body that names no row. */
async function assertReferencesExist(executor: Executor, body: Row): Promise<void> {
  const errors: Record<string, string[]> = {};
  const brokerId = body['broker_id'];
  if (typeof brokerId === 'number') {
    const [found] = await executor.select({ id: brokers.id }).from(brokers).where(eq(brokers.id, brokerId));
    if (!found) errors['broker_id'] = ['The selected broker does not exist.'];
  }
  const integrationId = body['send_integration_id'];
  if (typeof integrationId === 'number') {
    const [found] = await executor.select({ id: sendIntegrations.id }).from(sendIntegrations).where(eq(sendIntegrations.id, integrationId));
    if (!found) errors['send_integration_id'] = ['The selected send integration does not exist.'];
  }
  for (const [field, codes] of await unknownTargetingCodes(executor, body)) {
    for (const { code, index } of codes) errors[`${field}.${index}`] = [`The ${field === 'countries' ? 'country' : 'language'} ${code} does not exist.`];
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

/** The targeting codes of the body (with their places in it) that no country or language of the console has. */
async function unknownTargetingCodes(executor: Executor, body: Row): Promise<[string, { code: string; index: number }[]][]> {
  const targeting = [
    { field: 'countries', column: countries.iso_3166_2, table: countries },
    { field: 'languages', column: languages.code, table: languages },
  ] as const;
  return Promise.all(
    targeting.map(async ({ field, column, table }): Promise<[string, { code: string; index: number }[]]> => {
      const codes = codesOf(body[field]) ?? [];
      if (codes.length === 0) return [field, []];
      const known = new Set((await executor.select({ code: column }).from(table).where(inArray(column, codes))).map((row) => row.code));
      return [field, codes.flatMap((code, index) => (known.has(code) ? [] : [{ code, index }]))];
    }),
  );
}

const codesOf = (value: unknown): string[] | undefined => z.array(z.string()).optional().parse(value);

const uniqueCodes = (value: unknown): string[] | undefined => {
  const codes = codesOf(value);
  return codes && [...new Set(codes)];
};

export function departmentResource(executor: Executor): ResourceDefinition {
  return {
    path: '/broker/department',
    name: 'Department',
    table: brokerDepartments,
    permissions: crudPermissions('broker.department'),
    ...departmentBodies,
    item: departmentItem,
    toItem: toDepartmentItem,
    searchable: [brokerDepartments.branch_name, sql`(select ${brokers.name} from ${brokers} where ${brokers.id} = ${brokerDepartments.broker_id})`],
    sortable: { branch_name: brokerDepartments.branch_name, created_at: brokerDepartments.created_at },
    defaultSort: 'branch_name',
    filters: {
      broker_id: { column: brokerDepartments.broker_id, schema: idText },
      is_active: { column: brokerDepartments.is_active, schema: flag },
      send_integration_id: { column: brokerDepartments.send_integration_id, schema: idText },
    },
    unique: [{ field: 'branch_name', columns: [brokerDepartments.broker_id, brokerDepartments.branch_name], message: 'This broker already has a department with this branch name.' }],
    messages: messagesOf('Department'),
    hooks: {
      withRelated: withBrokerAndIntegration,
      async toValues(body) {
        await assertReferencesExist(executor, body);
        const values = { ...body };
        const countries = uniqueCodes(body['countries']);
        const languages = uniqueCodes(body['languages']);
        if (countries) values['countries'] = countries;
        if (languages) values['languages'] = languages;
        return values;
      },
    },
  };
}
