import { useParams } from 'react-router-dom';
import { parseRouteId } from '@crm/shared/routes';
import { RemotePage } from '../RemotePage.ts';
import { NotificationView } from '../modules/profile/notifications/NotificationView.tsx';

/** Route `profile/notification/:id` (user.profile.notification.view); an id that is not one shows as not found, never requested. */
export default function NotificationPage() {
  return (
    <RemotePage>
      <NotificationView id={parseRouteId(useParams().id)} />
    </RemotePage>
  );
}
