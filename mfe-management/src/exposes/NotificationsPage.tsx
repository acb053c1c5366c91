import { Placeholder } from '../Placeholder.tsx';

export default function NotificationsPage() {
  return <Placeholder titleKey="menu.profile.notifications" />;
}
