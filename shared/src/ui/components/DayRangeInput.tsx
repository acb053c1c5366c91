import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from 'antd';
import { dateFormat } from '../format/dates.ts';

/** A first and a last day, `YYYY-MM-DD` each. */
export type DayRange = [string, string];

const isoDay = 'YYYY-MM-DD';
/** As `LabelledDateInput`: shown as the console writes dates, typed that way or as 2026-11-26. */
const dayFormats = [dateFormat, isoDay];

/** The browser's day `days` days before today (`YYYY-MM-DD`): 1 is yesterday. */
export const daysAgo = (days: number): string => dayjs().subtract(days, 'day').format(isoDay);

type Props = {
  /** Given by a Form.Item (value, onChange, id). */
  value?: DayRange | null;
  onChange?(value: DayRange | null): void;
  id?: string;
  label: string;
  testId: string;
  /** The last day that may be picked. */
  max?: string;
};

/** A period of whole days for a form field: two days picked from one calendar, or typed; cleared, null. */
export function DayRangeInput({ value, onChange, id, label, testId, max }: Props) {
  const days: [Dayjs, Dayjs] | null = value ? [dayjs(value[0], isoDay), dayjs(value[1], isoDay)] : null;
  return (
    <DatePicker.RangePicker
      id={id}
      aria-label={label}
      data-testid={testId}
      value={days}
      format={dayFormats}
      {...(max ? { maxDate: dayjs(max, isoDay) } : {})}
      onChange={(picked) => onChange?.(picked?.[0] && picked[1] ? [picked[0].format(isoDay), picked[1].format(isoDay)] : null)}
    />
  );
}
