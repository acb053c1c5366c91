import { ResourceScreen } from '@crm/shared/ui';
import { SettingsPage } from '../SettingsPage.tsx';
import { settingsScreens } from '../resources.tsx';

export default function AffiliateCompaniesPage() {
  return (
    <SettingsPage>
      <ResourceScreen spec={settingsScreens.affiliateCompanies} />
    </SettingsPage>
  );
}
