/** The header's "reconnecting" mark: the live stream dropped after having been up; screens poll until it is back. */
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '@crm/shared';
import { SyncOutlined, Tag, Tooltip } from '@crm/shared/ui';

export function LiveStatusIndicator() {
  const { t } = useTranslation();
  if (useLiveStatus() !== 'reconnecting') return null;
  return (
    <Tooltip title={t('header.live_reconnecting_hint')}>
      <Tag icon={<SyncOutlined spin />} color="warning" data-testid="live-reconnecting" style={{ marginInlineEnd: 0 }}>
        {t('header.live_reconnecting')}
      </Tag>
    </Tooltip>
  );
}
