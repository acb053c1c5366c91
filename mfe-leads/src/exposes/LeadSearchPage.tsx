import { LeadsPage } from '../LeadsPage.tsx';
import { LeadSearchScreen } from '../modules/leads/components/search/LeadSearchScreen.tsx';

export default function LeadSearchPage() {
  return (
    <LeadsPage>
      <LeadSearchScreen />
    </LeadsPage>
  );
}
