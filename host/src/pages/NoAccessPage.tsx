import { useTranslation } from 'react-i18next';
import { Result } from '@crm/shared/ui';

export function NoAccessPage() {
  const { t } = useTranslation();
  return <Result status="403" title={t('no_access.title')} subTitle={t('no_access.text')} data-testid="no-access" />;
}
