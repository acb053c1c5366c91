import { Placeholder } from '../Placeholder.tsx';

export default function RoleEditPage() {
  return <Placeholder titleKey="menu.management.roleEdit" />;
}
