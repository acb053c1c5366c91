import '../i18n/index.ts';
import { RoleEdit } from '../management/roles/RoleEdit.tsx';

export default function RoleEditPage() {
  return <RoleEdit />;
}
