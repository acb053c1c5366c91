/**
 * A date filter's input. The panel picks days (`YYYY-MM-DD`, a UTC day to the API), but a link may carry an exact
 * instant instead (the reports' drill-down: `created_to=2026-11-29T23:59:59.999Z`), which a native date input would
 * show as empty while the list is still filtered by it. Such a value shows as its UTC day with its time beside it, and
 * is kept as it is until the day is edited (a plain day again) or cleared.
 */
import { useTranslation } from 'react-i18next';
import { isIsoDay } from '@crm/shared/contract';
import { Input } from '@crm/shared/ui';

type DateFilterInputProps = {
  /** Given by a Form.Item. */
  id?: string;
  value?: string | null;
  onChange?(value: string): void;
  label: string;
};

/** The UTC day and time of an instant, or null for a plain day (or no value). */
function instantParts(value: string): { day: string; time: string } | null {
  if (isIsoDay(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  const iso = new Date(at).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 19) };
}

export function DateFilterInput({ id, value, onChange, label }: DateFilterInputProps) {
  const { t } = useTranslation('leads');
  const instant = value ? instantParts(value) : null;
  return (
    // A native date input: a day is the `YYYY-MM-DD` the API takes, with no date library in between. allowClear also
    // keeps the suffix's wrapper in place, so the input is not re-mounted (and loses no focus) when the time goes.
    <Input
      id={id}
      type="date"
      aria-label={label}
      allowClear
      value={instant ? instant.day : (value ?? '')}
      suffix={instant ? <span data-testid="lead-filter-time">{t('leads.search.utc_time', { time: instant.time })}</span> : null}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}
