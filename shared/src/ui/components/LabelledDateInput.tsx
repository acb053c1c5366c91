import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Typography } from 'antd';
import { dateFormat } from '../format/dates.ts';

type Props = {
  label: string;
  /** `YYYY-MM-DD`, or undefined when unset. */
  value: string | undefined;
  onChange(value: string | undefined): void;
  testId: string;
  max?: string;
  width?: number;
};

const isoDay = 'YYYY-MM-DD';

/**
 * Shown as every date of the console reads ("Nov 26, 2026"), not as the browser writes it (11/26/2026); typed either
 * that way or as 2026-11-26. Formats as strings, not a function: antd makes a box with a format function read-only.
 */
const dayFormats = [dateFormat, isoDay];

/**
 * A date filter that stands outside a form: its label is written inside it, visible, and is also its accessible name.
 * A day is picked from the calendar or typed; clearing it gives undefined.
 */
export function LabelledDateInput({ label, value, onChange, testId, max, width = 190 }: Props) {
  const day = value ? dayjs(value, isoDay) : null;
  return (
    <DatePicker
      prefix={<Typography.Text type="secondary">{label}</Typography.Text>}
      aria-label={label}
      data-testid={testId}
      style={{ width }}
      value={day?.isValid() ? day : null}
      {...(max ? { maxDate: dayjs(max, isoDay) } : {})}
      format={dayFormats}
      onChange={(picked: Dayjs | null) => onChange(picked ? picked.format(isoDay) : undefined)}
    />
  );
}
