/** One batch in one transaction: its leads, then their histories and tags derived server-side from the id range. */
import type { PoolClient } from 'pg';
import type { LeadBatch } from './columns.ts';
import { arrayLiteral, leadInsertStatement } from './leadInsert.ts';
import { failureStatuses } from './lists.ts';
import type { DemoReference } from './reference.ts';
import type { DemoTable } from './report.ts';

/** Rows of this batch only: its id range, and its public ids in case another session inserted leads meanwhile. */
const inBatch = 'l.id between $1 and $2 and l.lead_id between $3 and $4';

export async function writeBatch(client: PoolClient, batch: LeadBatch, reference: DemoReference, counts: Record<DemoTable, number>, analyze: boolean): Promise<void> {
  const insert = leadInsertStatement('leads', batch, ' returning id');
  const range = await client.query<{ first: number; last: number; inserted: number }>(
    `with inserted as (${insert.text}) select min(id) as first, max(id) as last, count(*)::int as inserted from inserted`,
    insert.values,
  );
  const { first, last, inserted } = range.rows[0] ?? { first: 0, last: -1, inserted: 0 };
  counts.leads += inserted;
  const bounds = [first, last, batch.firstLeadId, batch.lastLeadId];
  if (analyze) await client.query('ANALYZE leads');

  const statusHistories = await client.query(
    `insert into lead_status_histories (lead_id, from_status_id, to_status_id, cause, user_id, created_at)
     select l.id, null, l.original_status_id, 'intake', null, l.created_at from leads l where ${inBatch}
     union all
     select l.id, l.original_status_id, l.status_id, 'user', $5::int, l.status_changed_at from leads l
      where ${inBatch} and l.status_id is distinct from l.original_status_id`,
    [...bounds, reference.userId],
  );
  counts.lead_status_histories += statusHistories.rowCount ?? 0;

  // A send without a broker lead id failed; which failure is picked from the list by lead id.
  const sendHistories = await client.query(
    `insert into lead_send_histories (lead_id, broker_department_id, send_integration_id, state, failure_status, api_lead_id,
                                      request, response, duration_ms, created_at, updated_at)
     select l.id, l.last_broker_department_id, m.integration_id, case when f.failure is null then 'success' else 'failure' end,
            f.failure, l.api_lead_id,
            jsonb_build_object('lead_id', l.lead_id, 'country', l.country, 'funnel', l.funnel, 'email', '***'),
            case when f.failure is null then jsonb_build_object('status', 'ok', 'data', jsonb_build_object('lead_id', l.api_lead_id))
                 else jsonb_build_object('status', 'error', 'message', f.failure) end,
            80 + (l.id::int8 * 7919) % 2900, l.last_sent_at, l.last_sent_at
       from leads l
       join unnest($5::int4[], $6::int4[]) as m(department_id, integration_id) on m.department_id = l.last_broker_department_id
       cross join lateral (select case when l.api_lead_id is null then ($7::text[])[1 + l.id % cardinality($7::text[])] end as failure) f
      where ${inBatch}`,
    [...bounds, reference.departments.map((department) => department.id), reference.departments.map((department) => department.integrationId), failureStatuses],
  );
  counts.lead_send_histories += sendHistories.rowCount ?? 0;

  const brokerHistories = await client.query(
    `insert into lead_broker_histories (lead_id, broker_department_id, channel, api_lead_status, api_ftd_at, payload, created_at)
     select l.id, l.last_broker_department_id, case when l.id % 3 = 0 then 'push' else 'pull' end, l.api_lead_status, l.api_ftd_at,
            jsonb_build_object('lead_id', l.api_lead_id, 'status', l.api_lead_status),
            coalesce(l.api_ftd_at, least(now(), l.last_sent_at + (5 + l.id % 2880) * interval '1 minute'))
       from leads l
      where ${inBatch} and l.api_lead_status is not null`,
    bounds,
  );
  counts.lead_broker_histories += brokerHistories.rowCount ?? 0;

  if (batch.tags.leadIds.length > 0) {
    const tagged = await client.query(
      `insert into lead_tags (lead_id, tag_id)
       select l.id, t.tag_id from unnest($5::text[], $6::int4[]) as t(lead_id, tag_id) join leads l on l.lead_id = t.lead_id
        where ${inBatch}`,
      [...bounds, arrayLiteral(batch.tags.leadIds), arrayLiteral(batch.tags.tagIds)],
    );
    counts.lead_tags += tagged.rowCount ?? 0;
  }
}
