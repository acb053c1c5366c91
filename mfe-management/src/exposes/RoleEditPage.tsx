import '../i18n/index.ts';
import { RoleEdit } from '../modules/roles/components/RoleEdit.tsx';

export default function RoleEditPage() {
  return <RoleEdit />;
}
