import { RemotePage } from '../RemotePage.ts';
import { RoleCreate } from '../modules/roles/components/RoleCreate.tsx';

export default function RoleCreatePage() {
  return (
    <RemotePage>
      <RoleCreate />
    </RemotePage>
  );
}
