/**
 * A page of list items in one statement: the page's lead rows, however they were picked, wrapped with their relations
 * (source, status cell, last department's label, tags) as sub-selects on the small reference tables, timestamps as ISO
 * strings. The rows come back as the API's list items, in one round trip per page, and the benchmark's direct run
 * times exactly the statement the API runs.
 */
import { asc, inArray, SQL, sql } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { LeadListItem } from '@crm/shared/contract';
import { brokerDepartments, brokers, leadDistributions, leads, leadTags, sources, statuses, tags } from '../../../db/schema/index.ts';
import type { Executor } from '../../../db/database.ts';
import { departmentLabelSql } from '../../brokers/relations.ts';
import { leadPageColumns } from './sql.ts';

/** `toISOString()`'s format, rendered by PostgreSQL. */
const iso = (column: AnyPgColumn): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list items of the lead rows `pageRows` selects (it must select `leadPageColumns`), ordered by `orderBy`, which
 * reads the columns of the table `leads`: the rows are named `leads` here, so the search's ORDER BY applies as it is.
 */
export function listItemsSql(pageRows: SQL, orderBy: readonly SQL[]): SQL {
  return sql`select ${leads.id} as id, ${leads.lead_id} as lead_id, ${leads.name} as name, ${leads.surname} as surname,
      ${leads.email} as email, ${leads.phone} as phone, ${leads.phone_normalized} as phone_normalized, ${leads.country} as country,
      ${leads.language} as language, ${leads.funnel} as funnel,
      (select json_build_object('id', ${sources.id}, 'name', ${sources.name}) from ${sources} where ${sources.id} = ${leads.source_id}) as source,
      (select json_build_object('id', ${statuses.id}, 'name', ${statuses.name}, 'bg_color', ${statuses.bg_color}, 'text_color', ${statuses.text_color})
        from ${statuses} where ${statuses.id} = ${leads.status_id}) as status,
      coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}) order by ${tags.name}, ${tags.id})
        from ${leadTags} join ${tags} on ${tags.id} = ${leadTags.tag_id} where ${leadTags.lead_id} = ${leads.id}), '[]'::json) as tags,
      (select json_build_object('id', ${brokerDepartments.id}, 'label', ${departmentLabelSql})
        from ${brokerDepartments} join ${brokers} on ${brokers.id} = ${brokerDepartments.broker_id}
        where ${brokerDepartments.id} = ${leads.last_broker_department_id}) as last_department,
      (select json_build_object('state', ${leadDistributions.state}, 'reason', ${leadDistributions.reason})
        from ${leadDistributions} where ${leadDistributions.lead_id} = ${leads.id}) as distribution,
      ${iso(leads.last_sent_at)} as last_sent_at, ${leads.is_fresh} as is_fresh, ${leads.deposit_exists} as deposit_exists,
      ${leads.purchase_amount} as purchase_amount, ${iso(leads.api_ftd_at)} as api_ftd_at,
      ${iso(leads.created_at)} as created_at, ${iso(leads.updated_at)} as updated_at
    from (${pageRows}) as ${leads}
    order by ${sql.join([...orderBy], sql`, `)}`;
}

/**
 * The lead rows with these ids, for `listItemsSql`. Ids that a statement selects are taken as an array first, so the
 * rows come from one primary-key scan (a semi-join `in (…)` hashed the ids and probed the key once per id: 0.4 ms more a page).
 */
export function rowsByIdsSql(ids: SQL | readonly number[]): SQL {
  const condition = ids instanceof SQL ? sql`${leads.id} = any(array(${ids}))` : inArray(leads.id, [...ids]);
  return new QueryBuilder().select(leadPageColumns).from(leads).where(condition).getSQL();
}

/** The list items of these leads, by id (the profile's header fields). */
export async function listItemsByIds(executor: Executor, ids: readonly number[]): Promise<LeadListItem[]> {
  if (ids.length === 0) return [];
  return (await executor.execute<LeadListItem>(listItemsSql(rowsByIdsSql(ids), [asc(leads.id)]))).rows;
}
