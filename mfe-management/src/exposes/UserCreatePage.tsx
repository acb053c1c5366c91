import { Placeholder } from '../Placeholder.tsx';

export default function UserCreatePage() {
  return <Placeholder titleKey="menu.management.userCreate" />;
}
