import { SettingsPage } from '../SettingsPage.tsx';
import { RequestsScreen } from '../modules/requests/components/RequestsScreen.tsx';

export default function RequestsPage() {
  return (
    <SettingsPage>
      <RequestsScreen />
    </SettingsPage>
  );
}
