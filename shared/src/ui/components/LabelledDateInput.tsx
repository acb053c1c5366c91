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

/**
 * A date filter that stands outside a form: a native date input shows "mm/dd/yyyy" and no placeholder, so its label
 * is written inside it, visible, and is also its accessible name. Clearing it gives undefined.
 */
export function LabelledDateInput({ label, value, onChange, testId, max, width = 190 }: Props) {
  return (
    <Input
      type="date"
      prefix={<Typography.Text type="secondary">{label}</Typography.Text>}
      aria-label={label}
      data-testid={testId}
      style={{ width }}
      max={max}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
    />
  );
}
