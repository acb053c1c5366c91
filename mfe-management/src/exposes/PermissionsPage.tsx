import '../i18n/index.ts';
import { PermissionsList } from '../modules/permissions/components/PermissionsList.tsx';

export default function PermissionsPage() {
  return <PermissionsList />;
}
