import { useTranslation } from 'react-i18next';
import { Typography, renderCell } from '@crm/shared/ui';

/** A department's countries or languages as tags; none accepts every one (the send's checks), and the cell says so. */
export function TargetingCell({ values, everyKey }: { values: readonly string[]; everyKey: 'everyCountry' | 'everyLanguage' }) {
  const { t } = useTranslation();
  if (values.length === 0) return <Typography.Text type="secondary">{t(`brokers:departments.${everyKey}`)}</Typography.Text>;
  return <>{renderCell('array', values, t)}</>;
}
