/** The row buttons of a failed lead, each with a stable test id: raw data, fix and retry, delete. */
import { useTranslation } from 'react-i18next';
import { useAccess } from '@crm/shared';
import { Button, DeleteOutlined, ProfileOutlined, ReloadOutlined, Space, Tooltip, confirmDelete } from '@crm/shared/ui';
import type { FailedLeadItem } from '@crm/shared/contract';

type Props = { item: FailedLeadItem; onRaw(): void; onRetry(): void; onDelete(): void };

export function FailedLeadActions({ item, onRaw, onRetry, onDelete }: Props) {
  const { t } = useTranslation();
  const { can } = useAccess();
  return (
    <Space size="small">
      <Tooltip title={t('leads:leads.failed.rawData')}>
        <Button size="small" icon={<ProfileOutlined />} aria-label={t('leads:leads.failed.rawData')} data-testid={`failed-raw-${item.id}`} onClick={onRaw} />
      </Tooltip>
      {can('failed.lead.update') && (
        <Tooltip title={t('leads:leads.failed.retry')}>
          <Button size="small" type="primary" icon={<ReloadOutlined />} aria-label={t('leads:leads.failed.retry')} data-testid={`failed-retry-${item.id}`} onClick={onRetry} />
        </Tooltip>
      )}
      {can('failed.lead.delete') && (
        <Tooltip title={t('actions.delete')}>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.delete')} data-testid={`failed-delete-${item.id}`} onClick={() => confirmDelete(t, onDelete)} />
        </Tooltip>
      )}
    </Space>
  );
}
