import { LeadsPage } from '../LeadsPage.tsx';
import { LeadProfileScreen } from '../modules/leads/components/profile/LeadProfileScreen.tsx';

export default function LeadProfilePage() {
  return (
    <LeadsPage>
      <LeadProfileScreen />
    </LeadsPage>
  );
}
