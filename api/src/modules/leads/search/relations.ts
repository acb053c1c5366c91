/**
 * Loaders for what lead rows point to, one query per relation for a whole page (never one per row):
 * status cells, named rows (companies, users), department labels, and a list page's relations in one statement.
 * Shared by the search, the profile, the histories and the status rules.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { StatusCell } from '@crm/shared/contract';
import type { Executor } from '../../../http/resource.ts';
import { affiliateCompanies, brokerDepartments, brokers, leads, leadTags, sources, statuses, tags, users } from '../../../db/schema/index.ts';

export type Named = { id: number; name: string };
export type DepartmentRef = { id: number; label: string };

/** The distinct non-null ids of a list. */
export function idsOf(values: readonly (number | null | undefined)[]): number[] {
  return [...new Set(values.filter((value): value is number => typeof value === 'number'))];
}

/** Reads a loaded map; null for a missing or null id (a deleted row reads as "not set"). */
export function pick<Value>(map: ReadonlyMap<number, Value>, id: number | null | undefined): Value | null {
  return id === null || id === undefined ? null : (map.get(id) ?? null);
}

export async function statusCells(executor: Executor, ids: readonly number[]): Promise<Map<number, StatusCell>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: statuses.id, name: statuses.name, bg_color: statuses.bg_color, text_color: statuses.text_color })
    .from(statuses)
    .where(inArray(statuses.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function companyNames(executor: Executor, ids: readonly number[]): Promise<Map<number, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: affiliateCompanies.id, name: affiliateCompanies.name })
    .from(affiliateCompanies)
    .where(inArray(affiliateCompanies.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function userNames(executor: Executor, ids: readonly number[]): Promise<Map<number, Named>> {
  if (ids.length === 0) return new Map();
  const rows = await executor.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A department's label: its broker's name, ' - ', its branch name. */
export async function departmentLabels(executor: Executor, ids: readonly number[]): Promise<Map<number, DepartmentRef>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: brokerDepartments.id, branch_name: brokerDepartments.branch_name, broker: brokers.name })
    .from(brokerDepartments)
    .innerJoin(brokers, eq(brokers.id, brokerDepartments.broker_id))
    .where(inArray(brokerDepartments.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { id: row.id, label: `${row.broker} - ${row.branch_name}` }]));
}

/** What a list row shows of its relations: source, status cell, last department's label, tags by name. */
export type ListRelations = { source: Named | null; status: StatusCell | null; last_department: DepartmentRef | null; tags: Named[] };

/**
 * The relations of a page of leads in one statement (one round trip, not one per relation): the page's leads
 * re-read by primary key and joined to the small reference tables, tags aggregated per lead.
 */
export async function listRelations(executor: Executor, leadIds: readonly number[]): Promise<Map<number, ListRelations>> {
  if (leadIds.length === 0) return new Map();
  const result = await executor.execute<{ id: number; source: Named | null; status: StatusCell | null; last_department: DepartmentRef | null; tags: Named[] }>(sql`
    select ${leads.id} as id,
      case when ${sources.id} is null then null else json_build_object('id', ${sources.id}, 'name', ${sources.name}) end as source,
      case when ${statuses.id} is null then null
        else json_build_object('id', ${statuses.id}, 'name', ${statuses.name}, 'bg_color', ${statuses.bg_color}, 'text_color', ${statuses.text_color}) end as status,
      case when ${brokerDepartments.id} is null then null
        else json_build_object('id', ${brokerDepartments.id}, 'label', ${brokers.name} || ' - ' || ${brokerDepartments.branch_name}) end as last_department,
      coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by ${tags.name}, ${tags.id})
        from ${leadTags} join ${tags} on ${tags.id} = ${leadTags.tag_id} where ${leadTags.lead_id} = ${leads.id}), '[]'::json) as tags
    from ${leads}
    left join ${sources} on ${sources.id} = ${leads.source_id}
    left join ${statuses} on ${statuses.id} = ${leads.status_id}
    left join ${brokerDepartments} on ${brokerDepartments.id} = ${leads.last_broker_department_id}
    left join ${brokers} on ${brokers.id} = ${brokerDepartments.broker_id}
    where ${inArray(leads.id, [...leadIds])}`);
  return new Map(result.rows.map((row) => [Number(row.id), { source: row.source, status: row.status, last_department: row.last_department, tags: row.tags }]));
}

export const isoOrNull = (value: Date | null): string | null => value?.toISOString() ?? null;
