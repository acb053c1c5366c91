import '../i18n/index.ts';
import { UserEdit } from '../modules/users/components/UserEdit.tsx';

export default function UserEditPage() {
  return <UserEdit />;
}
