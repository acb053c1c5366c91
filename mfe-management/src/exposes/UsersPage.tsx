import '../i18n/index.ts';
import { UsersList } from '../modules/users/components/UsersList.tsx';

export default function UsersPage() {
  return <UsersList />;
}
