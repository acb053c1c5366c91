import { RemotePage } from '../RemotePage.ts';
import { DepartmentHistoriesScreen } from '../modules/departments/components/DepartmentHistoriesScreen.tsx';

export default function DepartmentHistoriesPage() {
  return (
    <RemotePage>
      <DepartmentHistoriesScreen />
    </RemotePage>
  );
}
