import { RemotePage } from '../RemotePage.ts';
import { SourceRandomStatusesScreen } from '../modules/sourceRandomStatuses/components/SourceRandomStatusesScreen.tsx';

export default function SourceRandomStatusesPage() {
  return (
    <RemotePage>
      <SourceRandomStatusesScreen />
    </RemotePage>
  );
}
