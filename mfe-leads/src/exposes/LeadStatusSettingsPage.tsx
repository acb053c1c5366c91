import { RemotePage } from '../RemotePage.ts';
import { StatusRulesScreen } from '../modules/records/statusRules/StatusRulesScreen.tsx';

export default function LeadStatusSettingsPage() {
  return (
    <RemotePage>
      <StatusRulesScreen />
    </RemotePage>
  );
}
