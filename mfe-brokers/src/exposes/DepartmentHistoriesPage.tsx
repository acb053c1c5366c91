import { Placeholder } from '../Placeholder.tsx';

export default function DepartmentHistoriesPage() {
  return <Placeholder titleKey="menu.brokers.departmentHistories" />;
}
