import { LeadsPage } from '../LeadsPage.tsx';
import { SendHistoryScreen } from '../modules/records/history/SendHistoryScreen.tsx';

export default function LeadHistoryPage() {
  return (
    <LeadsPage>
      <SendHistoryScreen />
    </LeadsPage>
  );
}
