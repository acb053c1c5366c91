/**
 * Cap slots (docs: DESIGN §6, "Cap counters"). Before a broker call the sender reserves a slot in every period that
 * caps the lead: each day / week / month / total cap of the department for all countries and for the lead's country,
 * and the pacing hour. Each slot is one guarded statement on its counter row, created on first use:
 * `INSERT … ON CONFLICT DO UPDATE SET used = used + 1 WHERE used < cap RETURNING`, which PostgreSQL evaluates on the
 * row's latest version under its row lock, so no number of processes can raise a counter past its cap. A lead's slots
 * are taken all or none, in the caller's transaction, and every counter lock in one order (no deadlocks), also when a
 * batch of leads reserves at once. The slots are handed back to the caller, who gives them back with
 * `releaseCapSlots` when the attempt does not count.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { CounterPeriod } from '@crm/shared/contract';
import type { Executor } from '../../db/database.ts';
import { departmentCapCounters } from '../../db/schema/index.ts';
import { periodStart } from '../../time/periods.ts';
import { capSettingsOf, limitsOfDepartment, type CapSetting, type DepartmentLimits } from './limits.ts';

/** A slot taken: its counter row. Plain data (the period start as ISO text), so an attempt can store it. */
export type CapSlot = { department_id: number; period: CounterPeriod; period_start: string; country: string };

type CapVerdictCode = 'CAP_REACHED' | 'PACING_REACHED';
/** A refusal names the full counter's country ('' for an all-countries cap or the pacing). */
export type CapReservation = { ok: true; slots: CapSlot[] } | { ok: false; code: CapVerdictCode; detail: string; country: string };

type Limit = { period: CounterPeriod; country: string; cap: number };

const periodWords: Record<CounterPeriod, string> = { hour: 'this hour', day: 'today', week: 'this week', month: 'this month', total: 'in total' };
const periodOrder: readonly CounterPeriod[] = ['hour', 'day', 'week', 'month', 'total'];

/** `cap DE 20/20 today (Europe/Berlin)`, `pacing 10/10 this hour (UTC)`: the verdict the explainer shows. */
function refusalOf(limit: Limit, used: number, zone: string): CapReservation {
  if (limit.period === 'hour') return { ok: false, code: 'PACING_REACHED', detail: `pacing ${used}/${limit.cap} ${periodWords.hour} (${zone})`, country: '' };
  const country = limit.country ? `${limit.country} ` : '';
  return { ok: false, code: 'CAP_REACHED', detail: `cap ${country}${used}/${limit.cap} ${periodWords[limit.period]} (${zone})`, country: limit.country };
}

const keyOf = (slot: CapSlot) =>
  and(
    eq(departmentCapCounters.department_id, slot.department_id),
    eq(departmentCapCounters.period, slot.period),
    eq(departmentCapCounters.period_start, new Date(slot.period_start)),
    eq(departmentCapCounters.country, slot.country),
  );

/** The one order every counter lock is taken in (reservations and releases alike), so none waits on another in a circle. */
const inLockOrder = (a: CapSlot, b: CapSlot) =>
  a.department_id - b.department_id || periodOrder.indexOf(a.period) - periodOrder.indexOf(b.period) || a.country.localeCompare(b.country) || a.period_start.localeCompare(b.period_start);

/** One lead's reservation at one department: its caps settings (the department's every country's) and limits. */
export type SlotRequest = { departmentId: number; country: string | null; at: Date; limits: DepartmentLimits; caps: readonly CapSetting[] };

/** The slots a request needs: the all-countries caps, the lead's country's, and the pacing hour. */
function wantedSlots(request: SlotRequest): { limit: Limit; slot: CapSlot }[] {
  const { limits, country } = request;
  const caps: Limit[] = request.caps.filter((setting) => setting.country === '' || setting.country === (country ?? ''));
  if (limits.pacing_per_hour !== null) caps.push({ period: 'hour', country: '', cap: limits.pacing_per_hour });
  return caps.map((limit) => ({
    limit,
    slot: { department_id: request.departmentId, period: limit.period, period_start: periodStart(limit.period, request.at, limits.time_zone).toISOString(), country: limit.country },
  }));
}

/**
 * Reserves for many requests in the caller's transaction, each all or none: every counter is taken in one order
 * (`inLockOrder`) whatever the batch, so two batches never wait on each other in a circle; a request
 * that meets a full counter gives back (in place: its rows are already locked) what it took.
 */
export async function reserveCapSlotsFor(tx: Executor, requests: readonly SlotRequest[]): Promise<CapReservation[]> {
  const entries = requests.flatMap((request, index) => wantedSlots(request).map((wanted) => ({ index, ...wanted }))).sort((a, b) => inLockOrder(a.slot, b.slot));
  const refused = new Map<number, CapReservation>();
  const taken = requests.map((): CapSlot[] => []);
  for (const { index, limit, slot } of entries) {
    if (refused.has(index)) continue;
    if (limit.cap > 0 && (await takeSlot(tx, slot, limit.cap))) {
      taken[index]?.push(slot);
      continue;
    }
    refused.set(index, refusalOf(limit, await usedOf(tx, slot), requests[index]?.limits.time_zone ?? 'UTC'));
    await releaseSlots(tx, taken[index] ?? []);
  }
  return requests.map((_, index) => refused.get(index) ?? { ok: true, slots: taken[index] ?? [] });
}

/**
 * Takes a slot in every period that caps a lead of `country` (null: none known, so only the all-countries caps) sent
 * to the department at `at`, or none: then the verdict of the first full one. In a savepoint of the caller's transaction.
 */
export async function reserveCapSlots(
  executor: Executor,
  departmentId: number,
  country: string | null,
  at: Date = new Date(),
  known?: { limits: DepartmentLimits; caps: readonly CapSetting[] },
): Promise<CapReservation> {
  const limits = known?.limits ?? (await limitsOfDepartment(executor, departmentId));
  const caps = known ? known.caps : ((await capSettingsOf(executor, [departmentId], country)).get(departmentId) ?? []);
  const request = { departmentId, country, at, limits, caps };
  if (wantedSlots(request).length === 0) return { ok: true, slots: [] };
  const [reservation] = await executor.transaction((tx) => reserveCapSlotsFor(tx, [request]));
  return reservation ?? { ok: true, slots: [] };
}

async function takeSlot(executor: Executor, slot: CapSlot, cap: number): Promise<boolean> {
  const rows = await executor
    .insert(departmentCapCounters)
    .values({ ...slot, period_start: new Date(slot.period_start), used: 1 })
    .onConflictDoUpdate({
      target: [departmentCapCounters.department_id, departmentCapCounters.period, departmentCapCounters.period_start, departmentCapCounters.country],
      set: { used: sql`${departmentCapCounters.used} + 1` },
      setWhere: sql`${departmentCapCounters.used} < ${cap}`,
    })
    .returning({ used: departmentCapCounters.used });
  return rows.length === 1;
}

async function usedOf(executor: Executor, slot: CapSlot): Promise<number> {
  const [row] = await executor.select({ used: departmentCapCounters.used }).from(departmentCapCounters).where(keyOf(slot));
  return row?.used ?? 0;
}

/** Gives back slots of an attempt that does not count (never below zero), in the order they were taken. */
export async function releaseCapSlots(executor: Executor, slots: readonly CapSlot[]): Promise<void> {
  if (slots.length === 0) return;
  await executor.transaction((tx) => releaseSlots(tx, slots));
}

async function releaseSlots(tx: Executor, slots: readonly CapSlot[]): Promise<void> {
  for (const slot of [...slots].sort(inLockOrder)) {
    await tx
      .update(departmentCapCounters)
      .set({ used: sql`${departmentCapCounters.used} - 1` })
      .where(and(keyOf(slot), gt(departmentCapCounters.used, 0)));
  }
}

export type AttemptOutcome = 'delivered' | 'refused' | 'error' | 'timeout';

/**
 * Whether an attempt keeps its slots: a delivery does, a timeout too (the broker may have the lead), a refusal only
 * when the department counts refusals, an error (nothing reached the broker, or a 5xx) never.
 */
export function attemptCounts(outcome: AttemptOutcome, refusalsCount: boolean): boolean {
  return outcome === 'delivered' || outcome === 'timeout' || (outcome === 'refused' && refusalsCount);
}

/**
 * The upkeep job: drops the counters of periods long over (only the current period's are read), keeping hour and day
 * counters 8 days, week counters 5 weeks and month counters 13 months for whoever looks back; `total` is never over.
 */
export async function purgeCapCounters(executor: Executor): Promise<number> {
  const { period, period_start } = departmentCapCounters;
  const rows = await executor
    .delete(departmentCapCounters)
    .where(
      sql`(${period} in ('hour', 'day') and ${period_start} < now() - interval '8 days')
        or (${period} = 'week' and ${period_start} < now() - interval '5 weeks')
        or (${period} = 'month' and ${period_start} < now() - interval '13 months')`,
    )
    .returning({ department_id: departmentCapCounters.department_id });
  return rows.length;
}
