import { useTranslation } from 'react-i18next';
import { Button, Result } from '@crm/shared/ui';

/** A record that could not be loaded for another reason than 404 (the client has shown why). */
export function LoadFailed({ retry }: { retry(): void }) {
  const { t } = useTranslation();
  return <Result status="warning" title={t('server.error')} extra={<Button onClick={retry}>{t('actions.retry')}</Button>} />;
}
