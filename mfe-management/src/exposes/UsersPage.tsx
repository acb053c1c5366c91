import { Placeholder } from '../Placeholder.tsx';

export default function UsersPage() {
  return <Placeholder titleKey="menu.management.users" />;
}
