import { RemotePage } from '../RemotePage.ts';
import { SendHistoryScreen } from '../modules/records/history/SendHistoryScreen.tsx';

export default function LeadHistoryPage() {
  return (
    <RemotePage>
      <SendHistoryScreen />
    </RemotePage>
  );
}
