import { Placeholder } from '../Placeholder.tsx';

export default function DepartmentsPage() {
  return <Placeholder titleKey="menu.brokers.departments" />;
}
