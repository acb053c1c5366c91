import '../i18n/index.ts';
import { UserCreate } from '../modules/users/components/UserCreate.tsx';

export default function UserCreatePage() {
  return <UserCreate />;
}
