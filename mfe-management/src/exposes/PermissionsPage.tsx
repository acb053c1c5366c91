import { RemotePage } from '../RemotePage.ts';
import { PermissionsList } from '../modules/permissions/components/PermissionsList.tsx';

export default function PermissionsPage() {
  return (
    <RemotePage>
      <PermissionsList />
    </RemotePage>
  );
}
