/**
 * A report computed by a plain GROUP BY over the base tables: every lead received in the range with its sends, its
 * distribution and its deposit, and every refusal. The definition the rollups must equal (test/reports-rollups) and
 * the floor `bench:reports` measures them against; migration 0028's `report_fresh_facts` states a lead's facts alike.
 */
import { sql, type SQL } from 'drizzle-orm';
import { failedLeadReasonCodes, type ReportGrouping } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { groupedCounts, zeroReasons, type ReportCountsRow } from './grouping.ts';
import type { ReportRange } from './periods.ts';

const reasonCounts = sql.raw(failedLeadReasonCodes.map((code) => `(f.reason_code = '${code}')::int as refused_${code.toLowerCase()}`).join(', '));

/** A refused lead's country: the two-letter code it was sent with, if it was sent with one. */
const refusedCountry = sql`case when upper(f.raw->>'country') ~ '^[A-Z]{2}$' then upper(f.raw->>'country') end`;

/** Refusals in [from, to) as report rows. */
export const refusalRows = (from: Date, to: Date): SQL => sql`
  select f.created_at as at, f.affiliate_company_id, f.source_id, null::int as department_id, ${refusedCountry}::varchar as country,
         null::varchar as language, null::varchar as funnel, 0 as accepted, 1 as refused, ${reasonCounts},
         0 as distributed, 0 as delivered, 0 as broker_refused, 0 as unassigned, 0 as ftds, null::float8 as ftd_seconds
    from failed_leads f
   where f.created_at >= ${from.toISOString()}::timestamptz and f.created_at < ${to.toISOString()}::timestamptz`;

/** Every lead and refusal in the range, one row each, read from the base tables. */
const plainRows = (range: ReportRange): SQL => sql`
  select l.created_at as at, l.affiliate_company_id, l.source_id, l.last_broker_department_id as department_id,
         l.country, l.language, l.funnel, 1 as accepted, 0 as refused, ${zeroReasons},
         (s.lead_id is not null)::int as distributed,
         (s.delivered_at is not null)::int as delivered,
         coalesce(s.failed and s.delivered_at is null, false)::int as broker_refused,
         coalesce(d.state = 'unassigned', false)::int as unassigned,
         (l.api_ftd_at is not null)::int as ftds,
         extract(epoch from l.api_ftd_at - s.delivered_at)::float8 as ftd_seconds
    from leads l
    left join lead_distributions d on d.lead_id = l.id
    left join lateral (select h.lead_id, min(h.created_at) filter (where h.state = 'success') as delivered_at, bool_or(h.state = 'failure') as failed
                         from lead_send_histories h where h.lead_id = l.id group by h.lead_id) s on true
   where l.created_at >= ${range.startsAt.toISOString()}::timestamptz and l.created_at < ${range.endsAt.toISOString()}::timestamptz
  union all
  ${refusalRows(range.startsAt, range.endsAt)}`;

/** Each group's counts (at most two keys) and the totals row, by a plain GROUP BY over the base tables. */
export const plainReportCounts = (executor: Executor, groupings: readonly ReportGrouping[], range: ReportRange): Promise<ReportCountsRow[]> =>
  groupedCounts(executor, groupings, range, plainRows(range), true);
