/**
 * Where cap periods start in a department's zone: its local midnight (day), Monday's (week), the 1st's (month), the
 * local clock hour's (pacing); `total` never resets and starts at the epoch. Computed from the IANA zone here, never
 * from the database's own time-zone data.
 */
import type { CounterPeriod } from '@crm/shared/contract';
import { startOfDayInZone, wallClockOf } from './zones.ts';

const hour = 3_600_000;
const day = 24 * hour;

export function periodStart(period: CounterPeriod, at: Date, zone: string): Date {
  // The wall clock drops milliseconds: put them back, so the hour starts on a whole second.
  const wall = wallClockOf(at, zone) + (((at.getTime() % 1000) + 1000) % 1000);
  const wallDay = Math.floor(wall / day) * day;
  const dayText = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 10);
  switch (period) {
    case 'hour':
      return new Date(at.getTime() - (wall - Math.floor(wall / hour) * hour));
    case 'day':
      return startOfDayInZone(dayText(wallDay), zone);
    case 'week':
      return startOfDayInZone(dayText(wallDay - ((new Date(wallDay).getUTCDay() + 6) % 7) * day), zone);
    case 'month':
      return startOfDayInZone(`${dayText(wallDay).slice(0, 7)}-01`, zone);
    case 'total':
      return new Date(0);
  }
}
