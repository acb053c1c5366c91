import { RemotePage } from '../RemotePage.ts';
import { LeadSearchScreen } from '../modules/leads/components/search/LeadSearchScreen.tsx';

export default function LeadSearchPage() {
  return (
    <RemotePage>
      <LeadSearchScreen />
    </RemotePage>
  );
}
