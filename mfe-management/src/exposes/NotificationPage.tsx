import { useParams } from 'react-router-dom';
import '../i18n/index.ts';
import { NotificationView } from '../profile/notifications/NotificationView.tsx';

/** A positive integer id, or null for anything else (shown as not found, never requested). */
function notificationId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Route `profile/notification/:id` (user.profile.notification.view). */
export default function NotificationPage() {
  const { id } = useParams();
  return <NotificationView id={notificationId(id)} />;
}
