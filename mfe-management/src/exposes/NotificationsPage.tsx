import '../i18n/index.ts';
import { NotificationsList } from '../modules/profile/notifications/NotificationsList.tsx';

/** Route `profile/notifications` (user.profile.notification.view). */
export default function NotificationsPage() {
  return <NotificationsList />;
}
