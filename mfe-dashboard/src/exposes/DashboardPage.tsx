import { DashboardRemotePage } from '../DashboardRemotePage.tsx';
import { DashboardScreen } from '../modules/statistics/components/DashboardScreen.tsx';

export default function DashboardPage() {
  return (
    <DashboardRemotePage>
      <DashboardScreen />
    </DashboardRemotePage>
  );
}
