import { ResourceScreen } from '@crm/shared/ui';
import { RemotePage } from '../RemotePage.ts';
import { departmentScreen } from '../modules/departments/departmentScreen.tsx';

export default function DepartmentsPage() {
  return (
    <RemotePage>
      <ResourceScreen spec={departmentScreen} />
    </RemotePage>
  );
}
