import '../i18n/index.ts';
import { UserCreate } from '../management/users/UserCreate.tsx';

export default function UserCreatePage() {
  return <UserCreate />;
}
