import { RemotePage } from '../RemotePage.ts';
import { UserCreate } from '../modules/users/components/UserCreate.tsx';

export default function UserCreatePage() {
  return (
    <RemotePage>
      <UserCreate />
    </RemotePage>
  );
}
