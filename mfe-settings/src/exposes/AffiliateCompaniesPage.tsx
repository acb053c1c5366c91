import { ResourceScreen } from '@crm/shared/ui';
import { SettingsPage } from '../SettingsPage.tsx';
import { settingsScreens } from '../modules/resources/settingsScreens.tsx';

export default function AffiliateCompaniesPage() {
  return (
    <SettingsPage>
      <ResourceScreen spec={settingsScreens.affiliateCompanies} />
    </SettingsPage>
  );
}
