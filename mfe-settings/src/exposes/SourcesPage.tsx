import { ResourceScreen } from '@crm/shared/ui';
import { SettingsPage } from '../SettingsPage.tsx';
import { settingsScreens } from '../modules/resources/settingsScreens.tsx';

export default function SourcesPage() {
  return (
    <SettingsPage>
      <ResourceScreen spec={settingsScreens.sources} />
    </SettingsPage>
  );
}
