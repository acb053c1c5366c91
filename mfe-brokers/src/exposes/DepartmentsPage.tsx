import { ResourceScreen } from '@crm/shared/ui';
import { BrokersRemotePage } from '../BrokersRemotePage.tsx';
import { departmentScreen } from '../modules/departments/departmentScreen.tsx';

export default function DepartmentsPage() {
  return (
    <BrokersRemotePage>
      <ResourceScreen spec={departmentScreen} />
    </BrokersRemotePage>
  );
}
