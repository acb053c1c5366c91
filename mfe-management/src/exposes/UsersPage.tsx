import { RemotePage } from '../RemotePage.ts';
import { UsersList } from '../modules/users/components/UsersList.tsx';

export default function UsersPage() {
  return (
    <RemotePage>
      <UsersList />
    </RemotePage>
  );
}
