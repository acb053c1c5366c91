import { RemotePage } from '../RemotePage.ts';
import { AffiliateCompanyScreen } from '../modules/affiliates/components/AffiliateCompanyScreen.tsx';

export default function AffiliateCompanyPage() {
  return (
    <RemotePage>
      <AffiliateCompanyScreen />
    </RemotePage>
  );
}
