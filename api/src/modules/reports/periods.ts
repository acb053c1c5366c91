/**
 * A report's range and its periods in the user's zone: local midnight of the first day to local midnight of the day
 * after the last, cut at every local hour, midnight, Monday or 1st. Worked out here from the IANA zone, never from the
 * database's own time-zone data; the database only buckets rows between the instants given (`width_bucket`).
 */
import type { ReportQuery, ReportTimeGrouping } from '@crm/shared/contract';
import { periodStart } from '../../time/periods.ts';
import { formatInZone, startOfDayInZone, wallClockOf } from '../../time/zones.ts';

const dayMs = 86_400_000;
const quarterHourMs = 900_000;

export type ReportPeriod = {
  /**
   * The local start, as the key's value: 2026-11-27T14:00 (hour), 2026-11-27 (day, week's Monday), 2026-11 (month). The
   * hour a fall-back repeats is there twice; the second carries its offset, 2026-10-25T02:00 (+01:00), so each period
   * has a key of its own (the table's rows and the chart's bars are keyed by it), still in time order as text.
   */
  value: string;
  startsAt: Date;
  endsAt: Date;
};

export type ReportRange = {
  startsAt: Date;
  endsAt: Date;
  /** The periods of the time grouping, oldest first; empty without one. */
  periods: ReportPeriod[];
};

const addDays = (day: string, count: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + count * dayMs).toISOString().slice(0, 10);
const weekday = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Where each period starts (the range's start first, even in a week or month that began before it). */
function periodStarts(grouping: ReportTimeGrouping, days: readonly string[], zone: string, startsAt: Date, endsAt: Date): Date[] {
  if (grouping === 'hour') {
    // Local hours start on a quarter hour of UTC in every zone (offsets are whole quarter hours).
    const starts = new Map<number, Date>();
    for (let at = startsAt.getTime(); at < endsAt.getTime(); at += quarterHourMs) {
      const start = periodStart('hour', new Date(at), zone);
      const clipped = Math.max(start.getTime(), startsAt.getTime());
      starts.set(clipped, new Date(clipped));
    }
    return [...starts.values()];
  }
  const opening = (day: string, index: number): boolean => index === 0 || grouping === 'day' || (grouping === 'week' ? weekday(day) === 1 : day.endsWith('-01'));
  return days.flatMap((day, index) => (opening(day, index) ? [startOfDayInZone(day, zone)] : []));
}

function periodValue(grouping: ReportTimeGrouping, startsAt: Date, zone: string): string {
  const local = formatInZone(startsAt, zone);
  if (grouping === 'hour') return `${local.slice(0, 10)}T${local.slice(11, 13)}:00`;
  if (grouping === 'day') return local.slice(0, 10);
  if (grouping === 'month') return local.slice(0, 7);
  // A week is named by its Monday, also when the range starts later in it.
  const day = local.slice(0, 10);
  return addDays(day, -((weekday(day) + 6) % 7));
}

/** `+01:00`: the zone's offset from UTC at `at`. */
function offsetText(at: Date, zone: string): string {
  const minutes = Math.round((wallClockOf(at, zone) - at.getTime()) / 60_000);
  const whole = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

export function reportRange(query: Pick<ReportQuery, 'from' | 'to' | 'time_zone'>, grouping: ReportTimeGrouping | undefined): ReportRange {
  const zone = query.time_zone;
  const days: string[] = [];
  for (let day = query.from; day <= query.to; day = addDays(day, 1)) days.push(day);
  const startsAt = startOfDayInZone(query.from, zone);
  const endsAt = startOfDayInZone(addDays(query.to, 1), zone);
  if (!grouping) return { startsAt, endsAt, periods: [] };
  const starts = periodStarts(grouping, days, zone, startsAt, endsAt);
  const taken = new Set<string>();
  const periods = starts.map((start, index) => {
    const local = periodValue(grouping, start, zone);
    const value = taken.has(local) ? `${local} (${offsetText(start, zone)})` : local;
    taken.add(local);
    return { value, startsAt: start, endsAt: starts[index + 1] ?? endsAt };
  });
  return { startsAt, endsAt, periods };
}
