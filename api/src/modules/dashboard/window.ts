/**
 * The dashboard's fourteen local days (the week shown and the week before it) and their fifteen boundaries: each
 * local midnight as a UTC instant, worked out here with Intl so the database's own time-zone data is never used.
 */
import { dashboardDays } from '@crm/shared/contract';
import { formatInZone, startOfDayInZone } from '../../time/zones.ts';

export type StatisticsWindow = {
  /** The seven days shown, oldest first (YYYY-MM-DD). */
  days: string[];
  /** Where each of the fourteen days starts, and where the last one ends: `width_bucket` thresholds. */
  bounds: Date[];
};

const dayMs = 86_400_000;
const addDays = (day: string, count: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + count * dayMs).toISOString().slice(0, 10);

export function todayInZone(zone: string, now: Date): string {
  return formatInZone(now, zone).slice(0, 10);
}

export function statisticsWindow(lastDay: string, zone: string): StatisticsWindow {
  const first = 1 - 2 * dashboardDays;
  const days = Array.from({ length: 2 * dashboardDays + 1 }, (_, index) => addDays(lastDay, first + index));
  return { days: days.slice(dashboardDays, 2 * dashboardDays), bounds: days.map((day) => startOfDayInZone(day, zone)) };
}
