import '../i18n/index.ts';
import { UsersList } from '../management/users/UsersList.tsx';

export default function UsersPage() {
  return <UsersList />;
}
