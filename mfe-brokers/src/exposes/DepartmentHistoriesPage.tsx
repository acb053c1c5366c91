import { BrokersRemotePage } from '../BrokersRemotePage.tsx';
import { DepartmentHistoriesScreen } from '../modules/departments/components/DepartmentHistoriesScreen.tsx';

export default function DepartmentHistoriesPage() {
  return (
    <BrokersRemotePage>
      <DepartmentHistoriesScreen />
    </BrokersRemotePage>
  );
}
