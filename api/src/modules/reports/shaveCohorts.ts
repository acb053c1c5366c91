/**
 * The shave watch's cohorts: which local weeks are compared (worked out here from the IANA zone, never from the
 * database's time-zone data), each lead's first delivery, and the leads and FTDs per week, department, affiliate
 * company and country.
 */
import { sql, type SQL } from 'drizzle-orm';
import { shaveWatchBaselineWeeks, type ShaveWatchQuery } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { leadBrokerHistories } from '../../db/schema/index.ts';
import { periodStart } from '../../time/periods.ts';
import { formatInZone, startOfDayInZone } from '../../time/zones.ts';
import { departmentFtds } from '../brokers/ftds.ts';

const dayMs = 86_400_000;
const hourMs = 3_600_000;

const addDays = (day: string, count: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + count * dayMs).toISOString().slice(0, 10);

export type ShaveWeeks = {
  /** The week's Monday. */
  week: string;
  zone: string;
  horizonDays: number;
  /** Local Monday midnights, oldest first: the baseline weeks' starts, the week's start, and its end (10 instants). */
  bounds: Date[];
  startsAt: Date;
  endsAt: Date;
  baselineStartsAt: Date;
  horizonEndsAt: Date;
};

/** Where a horizon that starts at `at` ends: whole 24-hour days, whatever the clocks do meanwhile. */
const horizonEnd = (at: Date, horizonDays: number): Date => new Date(at.getTime() + horizonDays * 24 * hourMs);

/** The latest week whose every delivery has had its whole horizon by `now`. */
function latestSettledWeek(zone: string, horizonDays: number, now: Date): string {
  let monday = formatInZone(periodStart('week', now, zone), zone).slice(0, 10);
  while (horizonEnd(startOfDayInZone(addDays(monday, 7), zone), horizonDays) > now) monday = addDays(monday, -7);
  return monday;
}

export function shaveWeeks(query: ShaveWatchQuery, now = new Date()): ShaveWeeks {
  const zone = query.time_zone;
  const week = query.week ?? latestSettledWeek(zone, query.horizon_days, now);
  const bounds: Date[] = [];
  for (let index = -shaveWatchBaselineWeeks; index <= 1; index += 1) bounds.push(startOfDayInZone(addDays(week, index * 7), zone));
  const startsAt = bounds[shaveWatchBaselineWeeks]!;
  const endsAt = bounds[shaveWatchBaselineWeeks + 1]!;
  return { week, zone, horizonDays: query.horizon_days, bounds, startsAt, endsAt, baselineStartsAt: bounds[0]!, horizonEndsAt: horizonEnd(endsAt, query.horizon_days) };
}

const instant = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

/**
 * Each lead whose first successful send falls in [from, to), with that send (`send_id`, `delivered_at`,
 * `department_id`); `department` narrows them to one department's. A lead first delivered to a department since
 * deleted belongs to no cohort. Read from lead_send_histories_created_outcome_idx, the first send checked on
 * lead_send_histories_lead_idx.
 */
export function firstDeliveries(from: Date, to: Date, department?: number): SQL {
  return sql`
    select h.id as send_id, h.lead_id, h.created_at as delivered_at, h.broker_department_id as department_id, h.api_lead_id
      from lead_send_histories h
     where h.created_at >= ${instant(from)} and h.created_at < ${instant(to)} and h.state = 'success'
       and ${department === undefined ? sql`h.broker_department_id is not null` : sql`h.broker_department_id = ${department}`}
       and not exists (select 1 from lead_send_histories e
                        where e.lead_id = h.lead_id and e.state = 'success' and (e.created_at, e.id) < (h.created_at, h.id))`;
}

/**
 * Whether the department of a first delivery (`f`) reported the lead's FTD within the horizon: its FTD as
 * modules/brokers/ftds.ts defines a department's, timed by the broker's report (the lead's `api_ftd_at`).
 */
const convertedWithin = (horizonDays: number): SQL => sql`exists (
  select 1 from ${departmentFtds.table}
   where ${departmentFtds.where(
     sql`${leadBrokerHistories.lead_id} = f.lead_id`,
     sql`${departmentFtds.department} = f.department_id`,
     sql`${departmentFtds.at} < f.delivered_at + ${horizonDays * 24}::int * interval '1 hour'`,
   )})`;

export type CohortCount = {
  /** 1 … 8 the baseline weeks (oldest first), 9 the week watched. */
  week_index: number;
  department_id: number;
  affiliate_company_id: number | null;
  country: string | null;
  n: number;
  x: number;
};

/** Leads delivered (n) and converted (x) per week, department, affiliate company and country, over all 9 weeks. */
export async function cohortCounts(executor: Executor, weeks: ShaveWeeks): Promise<CohortCount[]> {
  const thresholds = `{${weeks.bounds
    .slice(0, -1)
    .map((at) => at.toISOString())
    .join(',')}}`;
  const { rows } = await executor.execute<CohortCount>(sql`
    select width_bucket(f.delivered_at, ${thresholds}::timestamptz[]) as week_index, f.department_id, l.affiliate_company_id, l.country,
           count(*)::int as n, count(*) filter (where ${convertedWithin(weeks.horizonDays)})::int as x
      from (${firstDeliveries(weeks.baselineStartsAt, weeks.endsAt)}) f
      join leads l on l.id = f.lead_id
     group by 1, 2, 3, 4`);
  return rows.map((row) => ({ ...row, week_index: Number(row.week_index) }));
}
