import { LeadsPage } from '../LeadsPage.tsx';
import { BlacklistScreen } from '../modules/records/blacklist/BlacklistScreen.tsx';

export default function BlacklistPage() {
  return (
    <LeadsPage>
      <BlacklistScreen />
    </LeadsPage>
  );
}
