import { Placeholder } from '../Placeholder.tsx';

export default function UserEditPage() {
  return <Placeholder titleKey="menu.management.userEdit" />;
}
