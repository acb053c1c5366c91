import { RemotePage } from '../RemotePage.ts';
import { RequestsScreen } from '../modules/requests/components/RequestsScreen.tsx';

export default function RequestsPage() {
  return (
    <RemotePage>
      <RequestsScreen />
    </RemotePage>
  );
}
