import { ResourceScreen } from '@crm/shared/ui';
import '../i18n/index.ts';
import { settingsScreens } from '../resources.tsx';

export default function AffiliateCompaniesPage() {
  return <ResourceScreen spec={settingsScreens.affiliateCompanies} />;
}
