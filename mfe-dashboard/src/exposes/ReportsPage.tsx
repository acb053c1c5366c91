import { RemotePage } from '../RemotePage.ts';
import { ReportsScreen } from '../modules/reports/components/ReportsScreen.tsx';

export default function ReportsPage() {
  return (
    <RemotePage>
      <ReportsScreen />
    </RemotePage>
  );
}
