import { Placeholder } from '../Placeholder.tsx';

export default function PermissionsPage() {
  return <Placeholder titleKey="menu.management.permissions" />;
}
