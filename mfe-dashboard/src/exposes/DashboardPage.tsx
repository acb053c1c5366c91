import { Placeholder } from '../Placeholder.tsx';

export default function DashboardPage() {
  return <Placeholder titleKey="menu.dashboard" />;
}
