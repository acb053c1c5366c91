/**
 * Dates in a workbook are numbers (days since 1900, or 1904) that a date format shows as a date. They are read here as
 * the wall-clock text the sheet shows, `YYYY-MM-DD HH:mm:ss`, by the same rules as the dialog's preview (the
 * xlsx library's `SSF.is_date` and `SSF.parse_date_code`, ported), so the import reads what the person saw. Which zone
 * that wall-clock time is in is the import's `time_zone` (mapping.ts), not the sheet's business.
 */
import { attribute, parseXml } from './xml.ts';
import { entryText, type InflateBudget, type ZipEntry } from './zip.ts';

/** Built-in formats that are dates, as the xlsx library maps them (14–22, 45–47 and the locale ones it maps there). */
const builtInDates = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81]);

/** `SSF.is_date`: a format is a date one if a date or time token appears outside quotes, escapes and brackets. */
function isDateFormat(format: string): boolean {
  for (let at = 0; at < format.length;) {
    const char = format.charAt(at);
    if (char === 'G' && format.slice(at, at + 7).toLowerCase() === 'general') at += 7;
    else if (char === '"') at = format.indexOf('"', at + 1) < 0 ? format.length : format.indexOf('"', at + 1) + 1;
    else if (char === '\\' || char === '_') at += 2;
    else if ((char === 'B' || char === 'b') && (format.charAt(at + 1) === '1' || format.charAt(at + 1) === '2')) return true;
    else if ('MDYHSEmdyhseg'.includes(char)) return true;
    else if ((char === 'A' || char === 'a') && ['A/P', 'AM/PM'].some((word) => format.slice(at, at + word.length).toUpperCase() === word)) return true;
    else if (char === '[') {
      const end = format.indexOf(']', at);
      const inside = format.slice(at, end < 0 ? format.length : end + 1);
      if (/^\[[HhMmSs]*\]$/.test(inside)) return true;
      at += inside.length;
    } else if (char === '*') at += format.charAt(at + 1) === ' ' || format.charAt(at + 1) === '*' ? 2 : 1;
    else if ('0#.'.includes(char)) {
      at += 1;
      while (at < format.length && '0#?.,E+-%'.includes(format.charAt(at))) at += 1;
    } else at += 1;
  }
  return false;
}

/** Which cell styles (`s`, an index into `cellXfs`) show a number as a date. */
export async function dateStyles(path: string, entry: ZipEntry | null, budget: InflateBudget): Promise<ReadonlySet<number>> {
  const dates = new Set<number>();
  if (!entry) return dates;
  const customDates = new Set<number>();
  let inCellXfs = false;
  let style = 0;
  const handler = {
    open(name: string, attributes: Readonly<Record<string, string>>) {
      if (name === 'numFmt' && isDateFormat(attribute(attributes, 'formatCode') ?? '')) customDates.add(Number(attribute(attributes, 'numFmtId')));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const format = Number(attribute(attributes, 'numFmtId') ?? 0);
        if (builtInDates.has(format) || customDates.has(format)) dates.add(style);
        style += 1;
      }
    },
    close(name: string) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text: () => undefined,
  };
  for await (const _chunk of parseXml(entryText(path, entry, budget), handler)) {
    // the styles are collected by the handler
  }
  return dates;
}

const two = (value: number) => String(value).padStart(2, '0');

/** `SSF.parse_date_code`, as text: whole seconds, 1900's leap-year bug and all; null outside Excel's dates. */
export function serialDateText(serial: number, date1904: boolean): string | null {
  if (!Number.isFinite(serial) || serial > 2_958_465 || serial < 0) return null;
  let date = Math.trunc(serial);
  let time = Math.floor(86_400 * (serial - date));
  const fraction = 86_400 * (serial - date) - time;
  if (date1904) date += 1462;
  if (Math.abs(fraction) >= 1e-6 && fraction > 0.9999) {
    time += 1;
    if (time === 86_400) {
      time = 0;
      date += 1;
    }
  }
  let day: string;
  if (date === 60) day = '1900-02-29';
  else if (date === 0) day = '1900-01-00';
  else {
    const shown = new Date(Date.UTC(1900, 0, date > 60 ? date - 1 : date));
    day = `${String(shown.getUTCFullYear()).padStart(4, '0')}-${two(shown.getUTCMonth() + 1)}-${two(shown.getUTCDate())}`;
  }
  return `${day} ${two(Math.floor(time / 3600))}:${two(Math.floor(time / 60) % 60)}:${two(time % 60)}`;
}

/** A `t="d"` cell (an ISO 8601 text) as the same wall-clock text; the offset, if any, is left out as the sheet shows it. */
export function isoDateText(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2})?))?/.exec(text.trim());
  if (!match) return text;
  const time = match[2] ?? '00:00:00';
  return `${match[1]} ${time.length === 5 ? `${time}:00` : time}`;
}
