import '../i18n/index.ts';
import { RoleCreate } from '../management/roles/RoleCreate.tsx';

export default function RoleCreatePage() {
  return <RoleCreate />;
}
