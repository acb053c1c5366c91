import { RemotePage } from '../RemotePage.ts';
import { DashboardScreen } from '../modules/statistics/components/DashboardScreen.tsx';

export default function DashboardPage() {
  return (
    <RemotePage>
      <DashboardScreen />
    </RemotePage>
  );
}
