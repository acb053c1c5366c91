/** How a preview cell reads: text as it is, numbers in full, dates as YYYY-MM-DD HH:mm:ss. */

/** A date and time as the spreadsheet shows it, without a time zone. */
export type DateParts = { year: number; month: number; day: number; hours: number; minutes: number; seconds: number };

const twoDigits = (value: number): string => String(value).padStart(2, '0');

export function formatDateParts({ year, month, day, hours, minutes, seconds }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${twoDigits(month)}-${twoDigits(day)} ${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}`;
}

/** A Date in local time, the way the rest of the console shows datetimes. */
export function formatDate(date: Date): string {
  return formatDateParts({
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hours: date.getHours(),
    minutes: date.getMinutes(),
    seconds: date.getSeconds(),
  });
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : formatDate(value);
  return String(value);
}

/** Shown as "Empty": nothing, or only spaces (the import trims cells). */
export function isEmptyCell(text: string): boolean {
  return text.trim() === '';
}
