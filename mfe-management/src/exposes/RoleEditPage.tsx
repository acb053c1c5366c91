import { RemotePage } from '../RemotePage.ts';
import { RoleEdit } from '../modules/roles/components/RoleEdit.tsx';

export default function RoleEditPage() {
  return (
    <RemotePage>
      <RoleEdit />
    </RemotePage>
  );
}
