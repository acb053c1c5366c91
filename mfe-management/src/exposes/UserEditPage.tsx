import '../i18n/index.ts';
import { UserEdit } from '../management/users/UserEdit.tsx';

export default function UserEditPage() {
  return <UserEdit />;
}
