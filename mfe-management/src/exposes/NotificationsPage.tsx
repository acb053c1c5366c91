import { RemotePage } from '../RemotePage.ts';
import { NotificationsList } from '../modules/profile/notifications/NotificationsList.tsx';

/** Route `profile/notifications` (user.profile.notification.view). */
export default function NotificationsPage() {
  return (
    <RemotePage>
      <NotificationsList />
    </RemotePage>
  );
}
