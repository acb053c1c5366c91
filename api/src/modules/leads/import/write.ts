/**
 * The writes of a batch, each one statement whatever the batch's size (`INSERT … SELECT FROM unnest`):
 * the leads with their first status history and tags, and the refused rows as failed leads.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { newLeadId } from '../intake/service.ts';
import type { ImportReferences } from './references.ts';
import { valueArrays } from '../intake/columns.ts';
import type { AcceptedRow, RowRefusal } from './schema.ts';
import { columnLiteral } from '../../../db/sqlArrays.ts';

export type WriteContext = { jobId: number; userId: number | null; references: ImportReferences };

/**
 * A reference that may have been deleted since the import was checked becomes null instead of failing the batch on
 * its foreign key (as a deleted source does to the leads that had it).
 */
const existing = (table: string, id: number | null): SQL => (id === null ? sql`null::int` : sql`(select id from ${sql.identifier(table)} where id = ${id})`);

function insertStatement(rows: readonly AcceptedRow[], leadIds: readonly string[], context: WriteContext): SQL {
  const { references } = context;
  const values = valueArrays(rows.map((row) => row.elements));
  const names = ['lead_id', ...values.names, 'status_id', 'import_row'].join(', ');
  const arrays = sql.join(
    [sql`${columnLiteral(leadIds)}::text[]`, ...values.arrays, sql`${columnLiteral(rows.map((row) => row.statusId))}::int4[]`, sql`${columnLiteral(rows.map((row) => row.row))}::int4[]`],
    sql`, `,
  );
  const user = existing('users', context.userId);
  // A drawn status is recorded as 'random' (as add-lead does); a fixed one as the import's.
  const cause = references.statusId === null ? 'random' : 'import';
  return sql`
    with input as (select * from unnest(${arrays}) as t(${sql.raw(names)})),
    inserted as (
      insert into leads (${sql.raw(names)}, original_status_id, status_changed_at, source_id, affiliate_company_id, created_by, import_job_id)
      select ${sql.raw(names)}, status_id, case when status_id is null then null else now() end,
             ${existing('sources', references.sourceId)}, ${existing('affiliate_companies', references.affiliateCompanyId)}, ${user}, ${context.jobId}
        from input
      returning id, status_id, import_row
    ),
    histories as (
      insert into lead_status_histories (lead_id, from_status_id, to_status_id, cause, user_id, job_id)
      select id, null, status_id, ${cause}, ${user}, ${context.jobId} from inserted where status_id is not null
    ),
    tagged as (
      insert into lead_tags (lead_id, tag_id)
      select inserted.id, tags.id from inserted join tags on tags.id = any(${columnLiteral(references.tagIds)}::int4[])
    )
    select id from inserted`;
}

/**
 * Public lead ids for `count` new leads. They are random (`newLeadId`, as add-lead's), so one may clash with a stored
 * lead or another of the batch: those are drawn again. Checked before the insert rather than with ON CONFLICT, whose
 * speculative insertion costs every row; nothing can take an id in between, as add-lead inserts only while holding
 * the contact lock the batch holds exclusively (`lockAllContacts`).
 */
async function freshLeadIds(executor: Executor, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newLeadId());
  for (let attempt = 0; attempt < 5; attempt += 1) {
    // One index probe per id (a lateral LIMIT 1): `= any` of thousands of ids scanned the whole of a small table.
    const taken = await executor.execute<{ lead_id: string }>(sql`
      select v.id as lead_id from unnest(${columnLiteral(ids)}::text[]) as v(id)
       cross join lateral (select 1 from leads where lead_id = v.id limit 1) as hit`);
    const unavailable = new Set(taken.rows.map((row) => row.lead_id));
    const seen = new Set<string>();
    let redrawn = 0;
    ids.forEach((id, index) => {
      if (unavailable.has(id) || seen.has(id)) {
        ids[index] = newLeadId();
        redrawn += 1;
      }
      seen.add(ids[index] as string);
    });
    if (redrawn === 0) return ids;
  }
  throw new Error('could not draw free lead ids');
}

/** Inserts the accepted rows with their first status history and the fixed tags; answers the new leads' ids. */
export async function insertLeads(executor: Executor, rows: readonly AcceptedRow[], context: WriteContext): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await executor.execute<{ id: number }>(insertStatement(rows, await freshLeadIds(executor, rows.length), context));
  return inserted.rows.map((row) => Number(row.id));
}

/** jsonb and text cannot hold U+0000: a raw row is kept anyway (it is evidence), without those characters. */
const withoutNul = (_key: string, value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '') : value);

/** Stores the refused rows; a row stored by an earlier attempt is replaced (`(import_job_id, import_row)` is unique). */
export async function insertFailedLeads(executor: Executor, rows: readonly RowRefusal[], context: WriteContext): Promise<void> {
  if (rows.length === 0) return;
  await executor.execute(sql`
    insert into failed_leads (raw, reason_code, message, source_id, import_job_id, import_row)
    select t.raw::jsonb, t.reason_code, t.message, ${existing('sources', context.references.sourceId)}, ${context.jobId}, t.import_row
      from unnest(${columnLiteral(rows.map((row) => JSON.stringify(row.raw, withoutNul)))}::text[],
                  ${columnLiteral(rows.map((row) => row.reason))}::text[],
                  ${columnLiteral(rows.map((row) => row.message.replaceAll('\u0000', '')))}::text[],
                  ${columnLiteral(rows.map((row) => row.row))}::int4[]) as t(raw, reason_code, message, import_row)
    on conflict (import_job_id, import_row) do update
      set raw = excluded.raw, reason_code = excluded.reason_code, message = excluded.message, source_id = excluded.source_id, updated_at = now()`);
}
