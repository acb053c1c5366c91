import { useTranslation } from 'react-i18next';
import { Flex, Spin } from 'antd';

/** The full-page loading indicator with the translated page_loading text. */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" justify="center" gap="middle" style={{ minHeight: '60vh' }} role="status" data-testid="page-loader">
      <Spin size="large" />
      <span>{t('page_loading')}</span>
    </Flex>
  );
}
