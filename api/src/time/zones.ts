/**
 * Wall clocks of time zones: an IANA zone (Europe/Berlin) or a fixed offset (+02:00, -0530, UTC, GMT+2). A broker's
 * clock (`gmt_timezone`) is one: pull windows are written in it as `YYYY-MM-DD HH:mm:ss`, and dates the broker writes
 * without an offset are read in it. The dashboard's local days start where `startOfDayInZone` says.
 */

/** A zone that is neither a known IANA name nor an offset within ±14 hours. */
export class UnknownTimeZoneError extends RangeError {}

type Zone = { offsetMinutes: number } | { formatter: Intl.DateTimeFormat };

const fixedOffset = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;
const formatters = new Map<string, Intl.DateTimeFormat>();

function readZone(zone: string): Zone {
  const text = zone.trim();
  if (/^(UTC|GMT|Z)$/i.test(text)) return { offsetMinutes: 0 };
  const offset = fixedOffset.exec(text);
  if (offset) {
    const minutes = Number(offset[2]) * 60 + Number(offset[3] ?? 0);
    if (minutes > 14 * 60) throw new UnknownTimeZoneError(`The time zone offset ${zone} is out of range.`);
    return { offsetMinutes: offset[1] === '-' ? -minutes : minutes };
  }
  let formatter = formatters.get(text);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: text,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new UnknownTimeZoneError(`Unknown time zone ${zone}.`);
    }
    formatters.set(text, formatter);
  }
  return { formatter };
}

/** The wall-clock time in the zone, as if it were UTC (milliseconds). */
function wallTime(date: Date, zone: Zone): number {
  if ('offsetMinutes' in zone) return date.getTime() + zone.offsetMinutes * 60_000;
  const parts = Object.fromEntries(zone.formatter.formatToParts(date).map((part) => [part.type, part.value]));
  const field = (name: string): number => Number(parts[name]);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
}

/** The zone's wall clock at `date` as milliseconds read as if UTC (its day, hour, minute of `new Date(result)` in UTC). */
export function wallClockOf(date: Date, zone: string): number {
  return wallTime(date, readZone(zone));
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `2024-05-01 14:00:00` for 12:00 UTC in Europe/Berlin (summer time) or +02:00. */
export function formatInZone(date: Date, zone: string): string {
  const wall = new Date(wallTime(date, readZone(zone)));
  const day = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  return `${day} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
}

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/**
 * A date the broker wrote: with an offset or `Z` it is exact; `YYYY-MM-DD[ HH:mm[:ss]]` is read as the zone's
 * wall clock. Null when unreadable.
 */
export function parseInZone(text: string, zone: string): Date | null {
  const trimmed = text.trim();
  const local = localDateTime.exec(trimmed);
  if (!local) {
    const exact = /\d{4}-\d{2}-\d{2}/.test(trimmed) ? new Date(trimmed) : null;
    return exact && !Number.isNaN(exact.getTime()) ? exact : null;
  }
  const [, year, month, day, hour, minute, second] = local.map((part) => Number(part ?? 0));
  const wall = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  if (Number.isNaN(wall)) return null;
  const zoneInfo = readZone(zone);
  // The zone's offset at the guessed instant, then once more at the corrected one (a DST change in between).
  let instant = wall - (wallTime(new Date(wall), zoneInfo) - wall);
  instant = wall - (wallTime(new Date(instant), zoneInfo) - instant);
  return new Date(instant);
}

const second = 1000;
const hour = 3600 * second;

/**
 * The first instant of the local day `YYYY-MM-DD` in the zone: its midnight, or, where a daylight-saving change
 * skips midnight (America/Santiago, America/Havana), the first second the clocks show that day. Found by bisection
 * to the second between an instant surely before the day and one surely in it (offsets lie within −12 h and +14 h).
 */
export function startOfDayInZone(day: string, zone: string): Date {
  const zoneInfo = readZone(zone);
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(midnight)) throw new RangeError(`not a day: ${day}`);
  // Most days: midnight less the offset the zone has then, if the second before it is still the day before.
  const guess = 2 * midnight - wallTime(new Date(midnight), zoneInfo);
  if (wallTime(new Date(guess), zoneInfo) === midnight && wallTime(new Date(guess - second), zoneInfo) < midnight) return new Date(guess);
  let before = midnight - 15 * hour;
  let within = midnight + 13 * hour;
  while (within - before > second) {
    const middle = before + Math.floor((within - before) / 2 / second) * second;
    if (wallTime(new Date(middle), zoneInfo) < midnight) before = middle;
    else within = middle;
  }
  return new Date(within);
}
