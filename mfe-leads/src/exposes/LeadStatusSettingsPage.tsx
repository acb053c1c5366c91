import { LeadsPage } from '../LeadsPage.tsx';
import { StatusRulesScreen } from '../modules/records/statusRules/StatusRulesScreen.tsx';

export default function LeadStatusSettingsPage() {
  return (
    <LeadsPage>
      <StatusRulesScreen />
    </LeadsPage>
  );
}
