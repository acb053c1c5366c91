import '../i18n/index.ts';
import { RoleCreate } from '../modules/roles/components/RoleCreate.tsx';

export default function RoleCreatePage() {
  return <RoleCreate />;
}
