import '../i18n/index.ts';
import { PermissionsList } from '../management/permissions/PermissionsList.tsx';

export default function PermissionsPage() {
  return <PermissionsList />;
}
