import { useTranslation } from 'react-i18next';
import type { NotificationType } from '@crm/shared/contract';
import { Tag } from '@crm/shared/ui';

const colours: Record<NotificationType, string> = { success: 'success', failure: 'error', error: 'volcano', warning: 'orange' };

export function NotificationTypeTag({ type }: { type: NotificationType }) {
  const { t } = useTranslation();
  return (
    <Tag color={colours[type]} data-type={type}>
      {t(`management:notifications.types.${type}`)}
    </Tag>
  );
}
