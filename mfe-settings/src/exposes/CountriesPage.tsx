import { ResourceScreen } from '@crm/shared/ui';
import { SettingsPage } from '../SettingsPage.tsx';
import { settingsScreens } from '../modules/resources/settingsScreens.tsx';

export default function CountriesPage() {
  return (
    <SettingsPage>
      <ResourceScreen spec={settingsScreens.countries} />
    </SettingsPage>
  );
}
