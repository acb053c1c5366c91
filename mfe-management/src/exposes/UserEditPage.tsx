import { RemotePage } from '../RemotePage.ts';
import { UserEdit } from '../modules/users/components/UserEdit.tsx';

export default function UserEditPage() {
  return (
    <RemotePage>
      <UserEdit />
    </RemotePage>
  );
}
