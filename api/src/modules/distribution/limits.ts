/**
 * A broker department's working hours and caps (`department_limits`, `department_caps`). A department without a
 * limits row reads the table's defaults: UTC, no windows (open around the clock), refusals do not count, no pacing;
 * without cap rows it is uncapped. PUT replaces the hours, or the caps, whole, and tells the caps board (a `caps` event).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { capPeriods, type CapPeriod, type CapRow, type DepartmentCaps, type DepartmentHours, type departmentCapsBody, type departmentHoursBody } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { brokerDepartments, countries, departmentCaps, departmentLimits } from '../../db/schema/index.ts';
import { invalidUnlessEmpty, notFound } from '../../http/errors.ts';
import { publishCapsChanges } from '../events/changes.ts';
import type { OpeningHours } from '../../time/openingHours.ts';

export type DepartmentLimits = OpeningHours & { refusals_count: boolean; pacing_per_hour: number | null };

/** The table's own column defaults: what a department without a row has. */
const defaultLimits: Readonly<DepartmentLimits> = { time_zone: String(departmentLimits.time_zone.default), windows: [], closed_dates: [], refusals_count: false, pacing_per_hour: null };

const limitColumns = {
  department_id: departmentLimits.department_id,
  time_zone: departmentLimits.time_zone,
  windows: departmentLimits.windows,
  closed_dates: departmentLimits.closed_dates,
  refusals_count: departmentLimits.refusals_count,
  pacing_per_hour: departmentLimits.pacing_per_hour,
};

/** The limits of these departments (their defaults for those without a row). */
export async function limitsOf(executor: Executor, departmentIds: readonly number[]): Promise<Map<number, DepartmentLimits>> {
  const rows =
    departmentIds.length === 0
      ? []
      : await executor
          .select(limitColumns)
          .from(departmentLimits)
          .where(inArray(departmentLimits.department_id, [...departmentIds]));
  const found = new Map(rows.map(({ department_id, ...limits }) => [department_id, limits]));
  return new Map(departmentIds.map((id) => [id, found.get(id) ?? { ...defaultLimits }]));
}

export async function limitsOfDepartment(executor: Executor, departmentId: number): Promise<DepartmentLimits> {
  return (await limitsOf(executor, [departmentId])).get(departmentId) ?? { ...defaultLimits };
}

export type CapSetting = { period: CapPeriod; country: string; cap: number };

/** The caps of these departments; `country` '' is the all-countries cap. */
export async function capSettingsOf(executor: Executor, departmentIds: readonly number[], country?: string | null): Promise<Map<number, CapSetting[]>> {
  if (departmentIds.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(departmentCaps)
    .where(and(inArray(departmentCaps.department_id, [...departmentIds]), country === undefined ? undefined : inArray(departmentCaps.country, ['', country ?? ''])))
    .orderBy(asc(departmentCaps.department_id), asc(departmentCaps.country), asc(departmentCaps.period));
  const byDepartment = new Map<number, CapSetting[]>();
  for (const { department_id, ...setting } of rows) byDepartment.set(department_id, [...(byDepartment.get(department_id) ?? []), setting]);
  return byDepartment;
}

async function requireDepartment(executor: Executor, departmentId: number): Promise<void> {
  const [row] = await executor.select({ id: brokerDepartments.id }).from(brokerDepartments).where(eq(brokerDepartments.id, departmentId));
  if (!row) throw notFound('Department');
}

export async function readHours(db: Db, departmentId: number): Promise<DepartmentHours> {
  await requireDepartment(db, departmentId);
  const { time_zone, windows, closed_dates } = await limitsOfDepartment(db, departmentId);
  return { department_id: departmentId, time_zone, windows: [...windows], closed_dates: [...closed_dates] };
}

const weekdayThenStart = (a: { weekday: number; from: string }, b: { weekday: number; from: string }) => a.weekday - b.weekday || a.from.localeCompare(b.from);

export async function writeHours(db: Db, departmentId: number, body: z.output<typeof departmentHoursBody>): Promise<DepartmentHours> {
  await requireDepartment(db, departmentId);
  const values = { time_zone: body.time_zone, windows: [...body.windows].sort(weekdayThenStart), closed_dates: [...body.closed_dates].sort() };
  await db.transaction(async (tx) => {
    await tx
      .insert(departmentLimits)
      .values({ department_id: departmentId, ...values })
      .onConflictDoUpdate({ target: departmentLimits.department_id, set: { ...values, updated_at: new Date() } });
    await publishCapsChanges(tx, [departmentId]);
  });
  return readHours(db, departmentId);
}

/** Cap settings as the API's rows: the all-countries row first, then one per country, a null where a period has no cap. */
function capRowsOf(settings: readonly CapSetting[]): CapRow[] {
  const rows = new Map<string, CapRow>();
  for (const setting of settings) {
    const row = rows.get(setting.country) ?? { country: setting.country || null, day: null, week: null, month: null, total: null };
    row[setting.period] = setting.cap;
    rows.set(setting.country, row);
  }
  return [...rows.values()].sort((a, b) => (a.country ?? '').localeCompare(b.country ?? ''));
}

export async function readCaps(db: Db, departmentId: number): Promise<DepartmentCaps> {
  await requireDepartment(db, departmentId);
  const limits = await limitsOfDepartment(db, departmentId);
  const settings = await capSettingsOf(db, [departmentId]);
  return {
    department_id: departmentId,
    time_zone: limits.time_zone,
    refusals_count: limits.refusals_count,
    pacing_per_hour: limits.pacing_per_hour,
    caps: capRowsOf(settings.get(departmentId) ?? []),
  };
}

/** A 422 under `caps.N.country` for each country the console does not know. */
async function assertCountriesExist(executor: Executor, rows: readonly CapRow[]): Promise<void> {
  const codes = rows.flatMap((row) => (row.country ? [row.country] : []));
  const known = new Set(codes.length === 0 ? [] : (await executor.select({ code: countries.iso_3166_2 }).from(countries).where(inArray(countries.iso_3166_2, codes))).map((row) => row.code));
  const errors: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    if (row.country && !known.has(row.country)) errors[`caps.${index}.country`] = [`The country ${row.country} does not exist.`];
  });
  invalidUnlessEmpty(errors);
}

export async function writeCaps(db: Db, departmentId: number, body: z.output<typeof departmentCapsBody>): Promise<DepartmentCaps> {
  await requireDepartment(db, departmentId);
  await assertCountriesExist(db, body.caps);
  const settings = body.caps.flatMap((row) =>
    capPeriods.flatMap((period) => (row[period] === null ? [] : [{ department_id: departmentId, period, country: row.country ?? '', cap: row[period] }])),
  );
  await db.transaction(async (tx) => {
    const values = { refusals_count: body.refusals_count, pacing_per_hour: body.pacing_per_hour };
    await tx
      .insert(departmentLimits)
      .values({ department_id: departmentId, ...values })
      .onConflictDoUpdate({ target: departmentLimits.department_id, set: { ...values, updated_at: new Date() } });
    await tx.delete(departmentCaps).where(eq(departmentCaps.department_id, departmentId));
    if (settings.length > 0) await tx.insert(departmentCaps).values(settings);
    await publishCapsChanges(tx, [departmentId]);
  });
  return readCaps(db, departmentId);
}
