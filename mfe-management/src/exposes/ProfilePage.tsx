import { Placeholder } from '../Placeholder.tsx';

export default function ProfilePage() {
  return <Placeholder titleKey="menu.profile.settings" />;
}
