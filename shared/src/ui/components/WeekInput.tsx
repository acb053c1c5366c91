import { useContext } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { ConfigProvider, DatePicker, Typography, type DatePickerProps } from 'antd';
import enUS from 'antd/locale/en_US';
import { dateFormat, formatDate } from '../format/dates.ts';

type Props = {
  label: string;
  /** The week's Monday, `YYYY-MM-DD`; undefined when unset. */
  value: string | undefined;
  onChange(monday: string): void;
  testId: string;
  /** The last day that may be picked. */
  max?: string;
  width?: number;
};

const isoDay = 'YYYY-MM-DD';
/** 2024-01-07 was a Sunday, dayjs's first weekday: the names are listed from there. */
const weekDates = Array.from({ length: 7 }, (_, index) => Date.UTC(2024, 0, 7 + index));
const monthDates = Array.from({ length: 12 }, (_, index) => Date.UTC(2024, index, 1));

/**
 * A dayjs locale for the calendar: the language's month and day names (from Intl) and ISO weeks (from Monday, the week
 * of January 4th the first). antd's pickers read weeks from the dayjs locale, and dayjs's own `en` starts them on
 * Sunday; loading dayjs's `de` instead would change every other picker of the console. Registered once per language,
 * under a name without `_` (antd names a dayjs locale by the part before one).
 */
function mondayLocaleOf(language: string): string {
  const name = `monday-${language.toLowerCase()}`;
  if (dayjs.Ls[name]) return name;
  const names = (options: Intl.DateTimeFormatOptions, dates: readonly number[]): string[] =>
    dates.map((date) => new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(date));
  const shortDays = names({ weekday: 'short' }, weekDates);
  const locale: ILocale & { yearStart: number } = {
    ...dayjs.Ls['en'],
    name,
    weekStart: 1,
    yearStart: 4,
    weekdays: names({ weekday: 'long' }, weekDates),
    weekdaysShort: shortDays,
    weekdaysMin: shortDays.map((day) => day.slice(0, 2)),
    months: names({ month: 'long' }, monthDates),
    monthsShort: names({ month: 'short' }, monthDates),
    formats: dayjs.Ls['en']?.formats ?? {},
    relativeTime: dayjs.Ls['en']?.relativeTime ?? {},
  };
  dayjs.locale(locale, undefined, true);
  return name;
}

const mondayOf = (day: Dayjs): Dayjs => day.subtract((day.day() + 6) % 7, 'day');

/**
 * A week picked from the calendar (rows from Monday to Sunday), shown as its first and last day the way the console
 * writes dates; its Monday is the value. Read-only as text: a week is picked, not typed.
 */
export function WeekInput({ label, value, onChange, testId, max, width = 260 }: Props) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const pickerLocale = locale?.DatePicker ?? enUS.DatePicker;
  const language = locale?.locale ?? 'en';
  const weekLocale: DatePickerProps['locale'] = pickerLocale && { ...pickerLocale, lang: { ...pickerLocale.lang, locale: mondayLocaleOf(language) } };
  const monday = value ? dayjs(value, isoDay) : null;
  const shown = (day: Dayjs): string => {
    const first = mondayOf(day);
    return `${formatDate(first.format(isoDay), dateFormat) ?? ''} – ${formatDate(first.add(6, 'day').format(isoDay), dateFormat) ?? ''}`;
  };
  return (
    <DatePicker
      picker="week"
      prefix={<Typography.Text type="secondary">{label}</Typography.Text>}
      aria-label={label}
      data-testid={testId}
      style={{ width }}
      locale={weekLocale}
      allowClear={false}
      value={monday?.isValid() ? monday : null}
      {...(max ? { maxDate: dayjs(max, isoDay) } : {})}
      format={shown}
      onChange={(picked: Dayjs | null) => picked && onChange(mondayOf(picked).format(isoDay))}
    />
  );
}
