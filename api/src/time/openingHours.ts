/**
 * Working hours in a department's IANA zone: whether it is open at an instant, and when that next changes. Decided
 * on the zone's wall clock, so a daylight-saving day simply has an hour more or less: on 29 March 2026 Berlin's
 * 02:00–03:00 never happens, on 25 October it happens twice (open both times when a window covers it).
 *
 * A window `from`–`to` on a weekday is open from `from` to `to` that day; one whose `to` is not after its `from` runs
 * past midnight into the next day. A closed date is closed all day, and a window starting on it does not open at all
 * (its hours past midnight included): the night shift belongs to the day it starts. No windows: open every day.
 */
import type { HoursWindow } from '@crm/shared/contract';
import { startOfDayInZone, wallClockOf } from './zones.ts';

export type OpeningHours = { time_zone: string; windows: readonly HoursWindow[]; closed_dates: readonly string[] };

const second = 1000;
const minute = 60 * second;
const day = 24 * 60 * minute;
/** How far `nextChange` looks past the last closed date or, without one, past `at`. */
const lookaheadDays = 8;
const maxLookaheadDays = 400;

const minutesOf = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const dayText = (wallDayStart: number): string => new Date(wallDayStart).toISOString().slice(0, 10);
const isoWeekday = (wallDayStart: number): number => ((new Date(wallDayStart).getUTCDay() + 6) % 7) + 1;

type Compiled = { zone: string; windows: { weekday: number; from: number; to: number; overnight: boolean }[]; closed: ReadonlySet<string> };

function compile(hours: OpeningHours): Compiled {
  const windows = hours.windows.map((window) => {
    const from = minutesOf(window.from);
    const to = minutesOf(window.to);
    return { weekday: window.weekday, from, to, overnight: to <= from };
  });
  return { zone: hours.time_zone, windows, closed: new Set(hours.closed_dates) };
}

/** Open at this wall-clock time (milliseconds read as UTC)? */
function openAtWall(hours: Compiled, wall: number): boolean {
  const dayStart = Math.floor(wall / day) * day;
  if (hours.closed.has(dayText(dayStart))) return false;
  if (hours.windows.length === 0) return true;
  const minuteOfDay = (wall - dayStart) / minute;
  const weekday = isoWeekday(dayStart);
  const yesterday = isoWeekday(dayStart - day);
  const yesterdayClosed = hours.closed.has(dayText(dayStart - day));
  return hours.windows.some((window) =>
    window.overnight
      ? (window.weekday === weekday && minuteOfDay >= window.from) || (window.weekday === yesterday && !yesterdayClosed && minuteOfDay < window.to)
      : window.weekday === weekday && minuteOfDay >= window.from && minuteOfDay < window.to,
  );
}

export function isOpen(hours: OpeningHours, at: Date): boolean {
  return openAtWall(compile(hours), wallClockOf(at, hours.time_zone));
}

const offsetAt = (instant: number, zone: string): number => wallClockOf(new Date(instant), zone) - instant;

/** The instants (ascending) of the day starting at `start` (ending before `end`) where the state may change. */
function boundariesOfDay(hours: Compiled, wallDayStart: number, start: number, end: number, minutes: readonly number[]): number[] {
  const startOffset = offsetAt(start, hours.zone);
  const endOffset = offsetAt(end - second, hours.zone);
  const walls = minutes.map((offset) => wallDayStart + offset * minute);
  if (startOffset === endOffset) return walls.map((wall) => wall - startOffset).filter((instant) => instant >= start && instant < end);
  // A daylight-saving change today: find it (to the second), then read each boundary with the offset on its side.
  let before = start;
  let after = end - second;
  while (after - before > second) {
    const middle = before + Math.floor((after - before) / 2 / second) * second;
    if (offsetAt(middle, hours.zone) === startOffset) before = middle;
    else after = middle;
  }
  const early = walls.map((wall) => wall - startOffset).filter((instant) => instant >= start && instant < after);
  const late = walls.map((wall) => wall - endOffset).filter((instant) => instant >= after && instant < end);
  return [...early, after, ...late].sort((a, b) => a - b);
}

/** When the department next opens or closes after `at`; null when it never changes (always open, or not within the look-ahead). */
export function nextChange(hours: OpeningHours, at: Date): Date | null {
  const compiled = compile(hours);
  if (compiled.windows.length === 0 && compiled.closed.size === 0) return null;
  const openNow = openAtWall(compiled, wallClockOf(at, compiled.zone));
  const minutes = [...new Set([0, ...compiled.windows.flatMap((window) => [window.from, window.to])])].filter((value) => value < 24 * 60).sort((a, b) => a - b);
  const firstDay = Math.floor(wallClockOf(at, compiled.zone) / day) * day;
  const lastClosed = [...compiled.closed].reduce((latest, date) => Math.max(latest, Date.parse(`${date}T00:00:00Z`)), firstDay);
  const days = Math.min(maxLookaheadDays, Math.ceil((lastClosed - firstDay) / day) + lookaheadDays);
  let start = startOfDayInZone(dayText(firstDay), compiled.zone).getTime();
  for (let index = 0; index <= days; index += 1) {
    const wallDayStart = firstDay + index * day;
    const end = startOfDayInZone(dayText(wallDayStart + day), compiled.zone).getTime();
    for (const instant of boundariesOfDay(compiled, wallDayStart, start, end, minutes)) {
      if (instant > at.getTime() && openAtWall(compiled, wallClockOf(new Date(instant), compiled.zone)) !== openNow) return new Date(instant);
    }
    start = end;
  }
  return null;
}
