import { Placeholder } from '../Placeholder.tsx';

export default function AffiliateCompaniesPage() {
  return <Placeholder titleKey="menu.settings.affiliateCompanies" />;
}
