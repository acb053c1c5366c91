/**
 * A report computed by a plain GROUP BY over the base tables: every lead received in the range with its sends, its
 * distribution and its deposit, and every refusal. The definition the rollups must equal (test/reports-rollups) and
 * the floor `bench:reports` measures them against.
 */
import { sql, type SQL } from 'drizzle-orm';
import { failedLeadReasonCodes, type ReportGrouping, type ReportTimeGrouping } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import type { ReportRange } from './periods.ts';

/** One group's counts as the database returns them; `total` marks the range's totals row. */
export type ReportCountsRow = {
  key1: string | null;
  key2: string | null;
  total: boolean;
  accepted: number;
  refused: number;
  distributed: number;
  delivered: number;
  broker_refused: number;
  unassigned: number;
  ftds: number;
  median_ftd_seconds: number | null;
} & Record<`refused_${string}`, number>;

/** A refused lead's country: the two-letter code it was sent with, if it was sent with one. */
const refusedCountry = sql`case when upper(f.raw->>'country') ~ '^[A-Z]{2}$' then upper(f.raw->>'country') end`;

/** The facts of every lead and refusal in the range, one row each (`reason` null for a lead). */
const factsOf = (range: ReportRange): SQL => sql`
  select l.created_at as at, l.affiliate_company_id, l.source_id, l.last_broker_department_id as department_id, bd.broker_id,
         l.country, l.language, l.funnel, null::text as reason,
         s.lead_id is not null as distributed,
         s.delivered_at is not null as delivered,
         coalesce(s.failed and s.delivered_at is null, false) as broker_refused,
         coalesce(d.state = 'unassigned', false) as unassigned,
         l.api_ftd_at is not null as ftd,
         extract(epoch from l.api_ftd_at - s.delivered_at)::float8 as ftd_seconds
    from leads l
    left join broker_departments bd on bd.id = l.last_broker_department_id
    left join lead_distributions d on d.lead_id = l.id
    left join lateral (select h.lead_id, min(h.created_at) filter (where h.state = 'success') as delivered_at, bool_or(h.state = 'failure') as failed
                         from lead_send_histories h where h.lead_id = l.id group by h.lead_id) s on true
   where l.created_at >= ${range.startsAt.toISOString()}::timestamptz and l.created_at < ${range.endsAt.toISOString()}::timestamptz
  union all
  select f.created_at, f.affiliate_company_id, f.source_id, null, null, ${refusedCountry}, null, null, f.reason_code,
         false, false, false, false, false, null
    from failed_leads f
   where f.created_at >= ${range.startsAt.toISOString()}::timestamptz and f.created_at < ${range.endsAt.toISOString()}::timestamptz`;

/** The facts' column of each key other than a period. */
const keyColumns: Record<Exclude<ReportGrouping, ReportTimeGrouping>, string> = {
  affiliate_company: 'affiliate_company_id',
  source: 'source_id',
  broker: 'broker_id',
  department: 'department_id',
  country: 'country',
  language: 'language',
  funnel: 'funnel',
};

/** The key of a grouping over the facts, as text; a period is its 1-based index among the range's periods. */
function keyOf(grouping: ReportGrouping, range: ReportRange): SQL {
  if (grouping === 'hour' || grouping === 'day' || grouping === 'week' || grouping === 'month') {
    const thresholds = `{${range.periods.map((period) => period.startsAt.toISOString()).join(',')}}`;
    return sql`width_bucket(at, ${thresholds}::timestamptz[])::text`;
  }
  return sql.raw(`${keyColumns[grouping]}::text`);
}

/** The aggregates of a report row over rows shaped like the facts (leads and refusals). */
const countColumns = sql.raw(`
  count(*) filter (where reason is null)::int as accepted,
  count(*) filter (where reason is not null)::int as refused,
  ${failedLeadReasonCodes.map((code) => `count(*) filter (where reason = '${code}')::int as "refused_${code}"`).join(',\n  ')},
  count(*) filter (where distributed)::int as distributed,
  count(*) filter (where delivered)::int as delivered,
  count(*) filter (where broker_refused)::int as broker_refused,
  count(*) filter (where unassigned)::int as unassigned,
  count(*) filter (where ftd)::int as ftds,
  percentile_cont(0.5) within group (order by ftd_seconds) as median_ftd_seconds`);

/** Each group's counts (at most two keys) and the totals row, by a plain GROUP BY over the base tables. */
export async function plainReportCounts(executor: Executor, groupings: readonly ReportGrouping[], range: ReportRange): Promise<ReportCountsRow[]> {
  const keys = groupings.map((grouping, index) => sql`${keyOf(grouping, range)} as ${sql.identifier(`key${index + 1}`)}`);
  const grouped = sql.raw(groupings.map((_, index) => `key${index + 1}`).join(', '));
  const { rows } = await executor.execute<ReportCountsRow>(sql`
    select ${sql.raw(groupings.length > 1 ? 'key1, key2' : 'key1, null::text as key2')}, grouping(${grouped}) <> 0 as total, ${countColumns}
      from (select ${sql.join(keys, sql`, `)}, facts.* from (${factsOf(range)}) facts) keyed
     group by grouping sets ((${grouped}), ())`);
  return rows;
}
