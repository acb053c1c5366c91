import { Placeholder } from '../Placeholder.tsx';

export default function RoleCreatePage() {
  return <Placeholder titleKey="menu.management.roleCreate" />;
}
