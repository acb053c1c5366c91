/**
 * The caps board (`GET /distribution/caps`): every department, open or closed now in its zone and when that next
 * changes, per cap (period and country) and for the pacing hour the slots used in the current period, and the circuit of
 * its send integration (as every process shares it: sending/engine/breaker.ts).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { CapsBoardRow, CircuitStatus, CounterPeriod } from '@crm/shared/contract';
import type { Db } from '../../db/database.ts';
import { brokerDepartments, brokers, departmentCapCounters, integrationCircuits } from '../../db/schema/index.ts';
import { isOpen, nextChange } from '../../time/openingHours.ts';
import { periodStart } from '../../time/periods.ts';
import { capSettingsOf, limitsOf } from './limits.ts';

/** Open while cooling down; half-open once a trial call may go (or one is going); closed without a row or an opening. */
function circuitOf(row: { failures: number; open_until: Date | null } | null, now: Date): CircuitStatus {
  if (!row?.open_until) return { state: 'closed', failures: row?.failures ?? 0, open_until: null };
  return { state: row.open_until > now ? 'open' : 'half_open', failures: row.failures, open_until: row.open_until.toISOString() };
}

const counterKey = (departmentId: number, period: CounterPeriod, start: Date, country: string) => `${departmentId}/${period}/${start.toISOString()}/${country}`;

export async function capsBoard(db: Db, now: Date = new Date()): Promise<CapsBoardRow[]> {
  const departments = await db
    .select({
      id: brokerDepartments.id,
      branch_name: brokerDepartments.branch_name,
      is_active: brokerDepartments.is_active,
      broker: { id: brokers.id, name: brokers.name },
      circuit: { failures: integrationCircuits.failures, open_until: integrationCircuits.open_until },
    })
    .from(brokerDepartments)
    .innerJoin(brokers, eq(brokers.id, brokerDepartments.broker_id))
    .leftJoin(integrationCircuits, eq(integrationCircuits.integration_id, brokerDepartments.send_integration_id))
    .orderBy(asc(brokers.name), asc(brokerDepartments.branch_name), asc(brokerDepartments.id));
  const ids = departments.map((department) => department.id);
  const limits = await limitsOf(db, ids);
  const caps = await capSettingsOf(db, ids);
  // The current period of every cap and pacing: only those counter rows are read (older ones stay behind).
  const wanted = departments.flatMap((department) => {
    const zone = limits.get(department.id)?.time_zone ?? 'UTC';
    const periods = new Set<CounterPeriod>((caps.get(department.id) ?? []).map((cap) => cap.period));
    if (limits.get(department.id)?.pacing_per_hour != null) periods.add('hour');
    return [...periods].map((period) => ({ id: department.id, period, start: periodStart(period, now, zone) }));
  });
  const counters =
    wanted.length === 0
      ? []
      : await db
          .select()
          .from(departmentCapCounters)
          .where(
            sql`(${departmentCapCounters.department_id}, ${departmentCapCounters.period}, ${departmentCapCounters.period_start}) in (${sql.join(
              wanted.map(({ id, period, start }) => sql`(${id}::int, ${period}::varchar, ${start.toISOString()}::timestamptz)`),
              sql`, `,
            )})`,
          );
  const used = new Map(counters.map((row) => [counterKey(row.department_id, row.period, row.period_start, row.country), row.used]));

  return departments.map(({ circuit, ...department }) => {
    const limit = limits.get(department.id);
    const zone = limit?.time_zone ?? 'UTC';
    const hours = { time_zone: zone, windows: limit?.windows ?? [], closed_dates: limit?.closed_dates ?? [] };
    const usedIn = (period: CounterPeriod, country: string) => used.get(counterKey(department.id, period, periodStart(period, now, zone), country)) ?? 0;
    const pacing = limit?.pacing_per_hour ?? null;
    return {
      department,
      time_zone: zone,
      hours_configured: hours.windows.length > 0,
      open: isOpen(hours, now),
      next_change: nextChange(hours, now)?.toISOString() ?? null,
      refusals_count: limit?.refusals_count ?? false,
      caps: (caps.get(department.id) ?? []).map((cap) => ({
        period: cap.period,
        country: cap.country || null,
        used: usedIn(cap.period, cap.country),
        cap: cap.cap,
        period_start: cap.period === 'total' ? null : periodStart(cap.period, now, zone).toISOString(),
      })),
      pacing: pacing === null ? null : { per_hour: pacing, used: usedIn('hour', '') },
      circuit: circuitOf(circuit, now),
    };
  });
}
