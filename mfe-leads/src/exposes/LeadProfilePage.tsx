import { RemotePage } from '../RemotePage.ts';
import { LeadProfileScreen } from '../modules/leads/components/profile/LeadProfileScreen.tsx';

export default function LeadProfilePage() {
  return (
    <RemotePage>
      <LeadProfileScreen />
    </RemotePage>
  );
}
