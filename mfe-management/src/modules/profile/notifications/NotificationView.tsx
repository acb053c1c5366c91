/** One notification: title, time and its sanitised HTML message; opening it marks it read (server side). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { routeUrl } from '@crm/shared/routes';
import { Alert, Card, Flex, formatDate, notificationTimeFormat, PageTitle, Result, Skeleton, theme, Typography } from '@crm/shared/ui';
import { useNotificationQuery } from '../api/profileApi.ts';
import { NotificationTypeTag } from './NotificationTypeTag.tsx';
import { sanitizeNotificationHtml } from './sanitizeHtml.ts';

function BackToList() {
  const { t } = useTranslation();
  return <Link to={routeUrl('profile/notifications')}>{t('management:notifications.back')}</Link>;
}

export function NotificationView({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
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
  // Not the card's own title bar: it keeps a title on one line and lets a long one run under its `extra`.
  return (
    <Card data-testid="notification-page">
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <Flex align="center" gap={8} wrap style={{ flex: '1 1 320px', minWidth: 0 }}>
          <PageTitle inCard style={{ fontSize: token.fontSizeLG, overflowWrap: 'anywhere' }}>
            {item.data.title}
          </PageTitle>
          <NotificationTypeTag type={item.type} />
        </Flex>
        <BackToList />
      </Flex>
      <Typography.Text type="secondary" data-testid="notification-time" style={{ display: 'block', marginTop: 8 }}>
        {formatDate(item.updated_at, notificationTimeFormat) ?? t('not_set')}
      </Typography.Text>
      <div data-testid="notification-message" style={{ marginTop: 16 }} dangerouslySetInnerHTML={{ __html: sanitizeNotificationHtml(item.data.message) }} />
    </Card>
  );
}
