/**
 * What broker items and labels need from related rows, one query per relation for a whole page: a broker's
 * affiliate companies, a department's label (docs/product.md#option-lists).
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { affiliateCompanies, brokerAffiliateCompanies, brokerDepartments, brokers } from '../../db/schema/index.ts';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { withIsoDates, type Row } from '../../http/resource.ts';
import { groupBy } from '../../http/rows.ts';

export type Named = { id: number; name: string };
export type BrokerRef = Named & { affiliate_companies: Named[] };
export type DepartmentLabel = { id: number; label: string };

/** The affiliate companies of each broker, by name. */
export async function affiliateCompaniesByBroker(executor: Executor, brokerIds: readonly number[]): Promise<Map<number, Named[]>> {
  if (brokerIds.length === 0) return new Map();
  const rows = await executor
    .select({ broker_id: brokerAffiliateCompanies.broker_id, id: affiliateCompanies.id, name: affiliateCompanies.name })
    .from(brokerAffiliateCompanies)
    .innerJoin(affiliateCompanies, eq(affiliateCompanies.id, brokerAffiliateCompanies.affiliate_company_id))
    .where(inArray(brokerAffiliateCompanies.broker_id, [...new Set(brokerIds)]))
    .orderBy(asc(affiliateCompanies.name));
  return groupBy(rows.map(({ broker_id, id, name }) => ({ owner: broker_id, value: { id, name } })));
}

/** Brokers with their affiliate companies, by id. */
export async function brokerRefs(executor: Executor, brokerIds: readonly number[]): Promise<Map<number, BrokerRef>> {
  if (brokerIds.length === 0) return new Map();
  const ids = [...new Set(brokerIds)];
  // One after the other: inside a write's transaction these share one connection.
  const rows = await executor.select({ id: brokers.id, name: brokers.name }).from(brokers).where(inArray(brokers.id, ids));
  const companies = await affiliateCompaniesByBroker(executor, ids);
  return new Map(rows.map((row) => [row.id, { ...row, affiliate_companies: companies.get(row.id) ?? [] }]));
}

// Named apart from the statement's own tables (the export joins `affiliate_companies` for the lead's company).
const [linksName, companiesName] = ['label_links', 'label_companies'];
const labelLinks = alias(brokerAffiliateCompanies, linksName);
const labelCompanies = alias(affiliateCompanies, companiesName);

/**
 * A department's label: the broker label (its name, then ' - ' and its company names by name joined by ', '
 * when it has some), ' - ', the branch name. For a statement that joins `broker_departments` and its `brokers` under
 * those names; null when it joined none.
 */
export const departmentLabelSql: SQL<string | null> = sql<string | null>`${brokers.name}
  || coalesce(' - ' || (select string_agg(${labelCompanies.name}, ', ' order by ${labelCompanies.name}) from ${brokerAffiliateCompanies} as ${sql.identifier(linksName)}
    join ${affiliateCompanies} as ${sql.identifier(companiesName)} on ${labelCompanies.id} = ${labelLinks.affiliate_company_id} where ${labelLinks.broker_id} = ${brokers.id}), '')
  || ' - ' || ${brokerDepartments.branch_name}`;

/** Departments with their labels; one whose broker is gone is left out (the inner join). */
function labelledDepartments(executor: Executor) {
  return executor
    .select({ id: brokerDepartments.id, integration_id: brokerDepartments.send_integration_id, label: sql<string>`${departmentLabelSql}` })
    .from(brokerDepartments)
    .innerJoin(brokers, eq(brokers.id, brokerDepartments.broker_id));
}

/** The departments sending through each integration, labelled. */
export async function departmentsByIntegration(executor: Executor, integrationIds: readonly number[]): Promise<Map<number, DepartmentLabel[]>> {
  if (integrationIds.length === 0) return new Map();
  const rows = await labelledDepartments(executor)
    .where(inArray(brokerDepartments.send_integration_id, [...new Set(integrationIds)]))
    .orderBy(asc(brokerDepartments.id));
  return groupBy(rows.flatMap(({ id, integration_id, label }) => (integration_id === null ? [] : [{ owner: integration_id, value: { id, label } }])));
}

/** These departments with their labels, by id (a department since removed is missing). */
export async function departmentLabelsById(executor: Executor, departmentIds: readonly number[]): Promise<Map<number, DepartmentLabel>> {
  if (departmentIds.length === 0) return new Map();
  const rows = await labelledDepartments(executor).where(inArray(brokerDepartments.id, [...new Set(departmentIds)]));
  return new Map(rows.map(({ id, label }) => [id, { id, label }]));
}

/** A `toItem` keeping only the keys of the item schema, dates as ISO strings: no other column leaves the API. */
export function itemWithKeysOf(item: z.ZodObject): (row: Row) => Row {
  const keys = Object.keys(item.shape);
  return (row) => {
    const dated = withIsoDates(row);
    return Object.fromEntries(keys.map((key) => [key, dated[key]]));
  };
}
