import { SettingsPage } from '../SettingsPage.tsx';
import { SourceRandomStatusesScreen } from '../modules/sourceRandomStatuses/components/SourceRandomStatusesScreen.tsx';

export default function SourceRandomStatusesPage() {
  return (
    <SettingsPage>
      <SourceRandomStatusesScreen />
    </SettingsPage>
  );
}
