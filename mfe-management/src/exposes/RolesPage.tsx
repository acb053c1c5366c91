import { Placeholder } from '../Placeholder.tsx';

export default function RolesPage() {
  return <Placeholder titleKey="menu.management.roles" />;
}
