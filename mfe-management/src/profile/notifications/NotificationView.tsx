/** One notification: title, time and its sanitised HTML message; opening it marks it read (server side). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { routeUrl } from '@crm/shared/routes';
import { Alert, Card, formatDate, notificationTimeFormat, PageTitle, Result, Skeleton, Space, Typography } from '@crm/shared/ui';
import { useNotificationQuery } from '../api/profileApi.ts';
import { NotificationTypeTag } from './NotificationTypeTag.tsx';
import { sanitizeNotificationHtml } from './sanitizeHtml.ts';

function BackToList() {
  const { t } = useTranslation();
  return <Link to={routeUrl('profile/notifications')}>{t('management:notifications.back')}</Link>;
}

export function NotificationView({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const notification = useNotificationQuery(id ?? 0, { skip: id === null });
  const status = notification.error && 'status' in notification.error ? notification.error.status : null;

  if (id === null || status === 404) {
    return (
      <Result
        status="404"
        title={t('management:notifications.not_found_title')}
        subTitle={t('management:notifications.not_found_text')}
        extra={<BackToList />}
        data-testid="notification-not-found"
      />
    );
  }
  if (notification.isError) return <Alert type="error" showIcon title={t('management:notifications.load_failed')} action={<BackToList />} />;
  if (!notification.data) return <Skeleton active />;

  const { data: item } = notification.data;
  return (
    <Card
      data-testid="notification-page"
      title={
        <Space>
          <PageTitle inCard>{item.data.title}</PageTitle>
          <NotificationTypeTag type={item.type} />
        </Space>
      }
      extra={<BackToList />}
    >
      <Typography.Text type="secondary" data-testid="notification-time">
        {formatDate(item.updated_at, notificationTimeFormat) ?? t('not_set')}
      </Typography.Text>
      <div data-testid="notification-message" style={{ marginTop: 16 }} dangerouslySetInnerHTML={{ __html: sanitizeNotificationHtml(item.data.message) }} />
    </Card>
  );
}
