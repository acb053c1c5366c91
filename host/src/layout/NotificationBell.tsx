/**
 * The bell (docs/product.md#layout): only with user.profile.notification.view; badge with the unread total capped
 * at 99+; each item shows title, message and update time and links to its page; a see-more link above
 * 3; a no-messages text when there are none. Following a link closes it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { badgeText, useAccess, useAppSelector } from '@crm/shared';
import { routeUrl } from '@crm/shared/routes';
import { Badge, BellOutlined, Button, Empty, formatDate, notificationTimeFormat, Popover, Typography } from '@crm/shared/ui';

/**
 * The message as text: the tags dropped, then the entities decoded by a textarea, whose content is parsed as text
 * (no element is ever made, so no image loads and no handler attribute is compiled: a parsed document would report
 * a hostile message's `onerror` to the page's Content-Security-Policy).
 */
function plainText(html: string): string {
  const decoder = document.createElement('textarea');
  decoder.innerHTML = html.replace(/<[^>]*>/g, '');
  return decoder.value;
}

export function NotificationBell() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const notifications = useAppSelector((state) => state.session.notifications);
  const total = useAppSelector((state) => state.session.totalNotifications);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  if (!can('user.profile.notification.view')) return null;

  const content = (
    <div style={{ width: 320 }} data-testid="notification-list">
      {notifications.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.no_messages')} />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {notifications.slice(0, 3).map((item) => (
            <li key={item.id} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
              <Link to={routeUrl('profile/notification/:id', { id: item.id })} onClick={close} style={{ display: 'block', width: '100%' }}>
                <Typography.Text strong>{item.data.title}</Typography.Text>
                <div>{plainText(item.data.message)}</div>
                <Typography.Text type="secondary">{formatDate(item.updated_at, notificationTimeFormat)}</Typography.Text>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > 3 && (
        <Link to={routeUrl('profile/notifications')} onClick={close}>
          {t('header.see_more')}
        </Link>
      )}
    </div>
  );

  return (
    <Popover content={content} title={t('header.notifications')} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Badge count={total > 0 ? badgeText(total) : 0} data-testid="notification-badge">
        <Button type="text" icon={<BellOutlined />} aria-label={t('header.notifications')} />
      </Badge>
    </Popover>
  );
}
