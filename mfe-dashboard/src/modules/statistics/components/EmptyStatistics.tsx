import { useTranslation } from 'react-i18next';
import { Empty } from '@crm/shared/ui';

/** 'Statistics not found': for the whole week, or in place of one chart that has nothing to draw. */
export function EmptyStatistics({ testId, minHeight }: { testId: string; minHeight?: number }) {
  const { t } = useTranslation();
  return (
    <Empty
      data-testid={testId}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t('dashboard:empty')}
      style={{ minHeight, margin: 0, display: 'flex', flexDirection: 'column', justifyContent: 'center' }}
    />
  );
}
