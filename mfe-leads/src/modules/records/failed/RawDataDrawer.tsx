/** The whole rejected row as it arrived, with where it came from. */
import { useTranslation } from 'react-i18next';
import { Descriptions, Drawer, dateTimeFormat, formatDate } from '@crm/shared/ui';
import type { FailedLeadItem } from '@crm/shared/contract';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { ReasonTag } from './ReasonTag.tsx';

export function RawDataDrawer({ item, onClose }: { item: FailedLeadItem; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer open onClose={onClose} size="large" title={t('leads:leads.failed.rawData')} data-testid="failed-raw-drawer">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('leads:leads.failed.reason')}>
          <ReasonTag code={item.reason_code} />
        </Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.failed.message')}>{item.message}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.failed.source')}>{item.source?.name ?? t('not_set')}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.failed.importJob')}>
          {item.import_job_id === null ? t('not_set') : t('leads:leads.failed.importRow', { job: item.import_job_id, row: item.import_row ?? '—' })}
        </Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.failed.created')}>{formatDate(item.created_at, dateTimeFormat) ?? t('not_set')}</Descriptions.Item>
        <Descriptions.Item label={t('leads:leads.failed.raw')}>
          <JsonBlock value={item.raw} testId="failed-raw-json" />
        </Descriptions.Item>
      </Descriptions>
    </Drawer>
  );
}
