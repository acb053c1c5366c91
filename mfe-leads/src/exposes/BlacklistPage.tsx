import { RemotePage } from '../RemotePage.ts';
import { BlacklistScreen } from '../modules/records/blacklist/BlacklistScreen.tsx';

export default function BlacklistPage() {
  return (
    <RemotePage>
      <BlacklistScreen />
    </RemotePage>
  );
}
