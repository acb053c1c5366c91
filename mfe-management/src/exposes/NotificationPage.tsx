import { Placeholder } from '../Placeholder.tsx';

export default function NotificationPage() {
  return <Placeholder titleKey="menu.profile.notification" />;
}
