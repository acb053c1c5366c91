import { RemotePage } from '../RemotePage.ts';
import { FailedLeadsScreen } from '../modules/records/failed/FailedLeadsScreen.tsx';

export default function FailedLeadsPage() {
  return (
    <RemotePage>
      <FailedLeadsScreen />
    </RemotePage>
  );
}
