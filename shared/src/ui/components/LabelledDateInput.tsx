import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker, Typography } from 'antd';
import { formatDate } from '../format/dates.ts';

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

/** The picked day as every date of the console reads ("Nov 26, 2026", in its language), not the browser's 11/26/2026. */
const shownDay = (day: Dayjs): string => formatDate(day.format(isoDay)) ?? '';

/**
 * A date filter that stands outside a form: its label is written inside it, visible, and is also its accessible name.
 * A day is picked from the calendar; clearing it gives undefined.
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
      format={shownDay}
      onChange={(picked: Dayjs | null) => onChange(picked ? picked.format(isoDay) : undefined)}
    />
  );
}
