/**
 * The accepted leads of an intake batch written in one statement, whatever the batch's size: the leads
 * (`INSERT … SELECT FROM unnest`, one array per column, as an import's batch), their first status histories and their
 * tags. A public id that clashes with a stored lead is drawn again, for that lead only.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/database.ts';
import { columnLiteral } from '../../../db/sqlArrays.ts';
import { literalElements, valueArrays } from './columns.ts';
import type { LeadValues } from './prepare.ts';
import { trackingColumns, type IntakeContext } from './schema.ts';
import { newLeadId } from './service.ts';
import { preparedStatement } from '../../../db/prepared.ts';
import { queueingSteps } from '../distributionQueue.ts';

/**
 * A lead to insert: its values, tracking, starting status (`drawn` from its source's weighted list or not), tags, and
 * whether it is queued for distribution.
 */
export type NewLead = { values: LeadValues; tracking: IntakeContext['tracking']; statusId: number | null; drawn: boolean; tagIds: readonly number[]; distribute: boolean };

const referenceColumns = ['source_id', 'affiliate_company_id', 'email_status_id', 'alt_email_status_id', 'phone_status_id', 'alt_phone_status_id'] as const;

function insertStatement(leads: readonly NewLead[], leadIds: readonly string[], cause: string): SQL {
  const values = valueArrays(leads.map((lead) => literalElements(lead.values)));
  const columns = ['lead_id', ...values.names, ...referenceColumns, ...trackingColumns, 'status_id'].join(', ');
  const arrays = sql.join(
    [
      sql`${columnLiteral(leadIds)}::text[]`,
      ...values.arrays,
      ...referenceColumns.map((name) => sql`${columnLiteral(leads.map((lead) => lead.values[name] ?? null))}::int4[]`),
      ...trackingColumns.map((name) => sql`${columnLiteral(leads.map((lead) => lead.tracking?.[name] ?? null))}::text[]`),
      sql`${columnLiteral(leads.map((lead) => lead.statusId))}::int4[]`,
      sql`${columnLiteral(leads.map((lead) => (lead.drawn ? 'random' : cause)))}::text[]`,
      sql`${columnLiteral(leads.map((lead) => lead.distribute))}::bool[]`,
    ],
    sql`, `,
  );
  const tagged = leads.flatMap((lead, index) => lead.tagIds.map((tagId) => ({ leadId: leadIds[index] ?? null, tagId })));
  return sql`${preparedStatement('intake_insert_leads')}
    with input as (select * from unnest(${arrays}) as t(${sql.raw(columns)}, history_cause, distribute)),
    inserted as (
      insert into leads (${sql.raw(columns)}, original_status_id, status_changed_at)
      select ${sql.raw(columns)}, status_id, case when status_id is null then null else now() end from input
      on conflict (lead_id) do nothing
      returning id, lead_id, status_id
    ),
    histories as (
      insert into lead_status_histories (lead_id, from_status_id, to_status_id, cause, user_id)
      select inserted.id, null, inserted.status_id, input.history_cause, null
        from inserted join input on input.lead_id = inserted.lead_id
       where inserted.status_id is not null
    ),
    tags as (
      insert into lead_tags (lead_id, tag_id)
      select inserted.id, t.tag_id
        from unnest(${columnLiteral(tagged.map((pair) => pair.leadId))}::text[], ${columnLiteral(tagged.map((pair) => pair.tagId))}::int4[]) as t(lead_id, tag_id)
        join inserted on inserted.lead_id = t.lead_id
    ),
    ${queueingSteps(sql`select inserted.id from inserted join input on input.lead_id = inserted.lead_id where input.distribute`)}
    select id, lead_id from inserted cross join woken`;
}

/** Inserts the leads and answers their row and public ids, in order. */
export async function insertNewLeads(executor: Executor, leads: readonly NewLead[], cause: string): Promise<{ id: number; leadId: string }[]> {
  const inserted: ({ id: number; leadId: string } | undefined)[] = leads.map(() => undefined);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const drawn = new Set<string>();
    const distinctId = (): string => {
      let id = newLeadId();
      while (drawn.has(id)) id = newLeadId();
      drawn.add(id);
      return id;
    };
    const pending = leads.flatMap((lead, index) => (inserted[index] === undefined ? [{ lead, index, leadId: distinctId() }] : []));
    if (pending.length === 0) break;
    const result = await executor.execute<{ id: number; lead_id: string }>(
      insertStatement(
        pending.map((entry) => entry.lead),
        pending.map((entry) => entry.leadId),
        cause,
      ),
    );
    const byLeadId = new Map(result.rows.map((row) => [row.lead_id, Number(row.id)]));
    for (const entry of pending) {
      const id = byLeadId.get(entry.leadId);
      if (id !== undefined) inserted[entry.index] = { id, leadId: entry.leadId };
    }
  }
  return inserted.map((row) => {
    if (!row) throw new Error('could not find free lead ids');
    return row;
  });
}
