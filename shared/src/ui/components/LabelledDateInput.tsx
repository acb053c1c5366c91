import { useEffect, useState } from 'react';
import { Input, Typography } from 'antd';

type Props = {
  label: string;
  /** `YYYY-MM-DD`, or undefined when unset. */
  value: string | undefined;
  onChange(value: string | undefined): void;
  testId: string;
  max?: string;
  width?: number;
};

/** A year typed digit by digit passes through 0002, 0020 and 0202 on its way to 2026: none of them is meant. */
const isTypedOut = (day: string) => Number(day.slice(0, 4)) >= 1000;

/**
 * A date filter that stands outside a form: a native date input shows "mm/dd/yyyy" and no placeholder, so its label
 * is written inside it, visible, and is also its accessible name. Clearing it gives undefined; a day whose year is
 * still being typed is shown but not given (each would have been a request, most of them refused).
 */
export function LabelledDateInput({ label, value, onChange, testId, max, width = 190 }: Props) {
  const [shown, setShown] = useState(value ?? '');
  useEffect(() => setShown(value ?? ''), [value]);
  return (
    <Input
      type="date"
      prefix={<Typography.Text type="secondary">{label}</Typography.Text>}
      aria-label={label}
      data-testid={testId}
      style={{ width }}
      max={max}
      value={shown}
      onChange={(event) => {
        const day = event.target.value;
        setShown(day);
        if (day === '') onChange(undefined);
        else if (isTypedOut(day)) onChange(day);
      }}
    />
  );
}
