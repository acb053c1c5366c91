import { LeadsPage } from '../LeadsPage.tsx';
import { FailedLeadsScreen } from '../modules/records/failed/FailedLeadsScreen.tsx';

export default function FailedLeadsPage() {
  return (
    <LeadsPage>
      <FailedLeadsScreen />
    </LeadsPage>
  );
}
