import { ResourceScreen } from '@crm/shared/ui';
import { RemotePage } from '../RemotePage.ts';
import { settingsScreens } from '../modules/resources/settingsScreens.tsx';

export default function AffiliateCompaniesPage() {
  return (
    <RemotePage>
      <ResourceScreen spec={settingsScreens.affiliateCompanies} />
    </RemotePage>
  );
}
