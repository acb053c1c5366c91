import { useTranslation } from 'react-i18next';
import { Button, Result } from 'antd';

/**
 * In place of data that could not be loaded (for another reason than 404): the HTTP client has already
 * said why in a toast, so this only offers to ask again.
 */
export function LoadFailed({ retry, testId }: { retry(): void; testId?: string }) {
  const { t } = useTranslation('common');
  return <Result status="warning" title={t('server.error')} extra={<Button onClick={retry}>{t('actions.retry')}</Button>} data-testid={testId} />;
}
