import { RemotePage } from '../RemotePage.ts';
import { RolesScreen } from '../modules/roles/components/RolesScreen.tsx';

export default function RolesPage() {
  return (
    <RemotePage>
      <RolesScreen />
    </RemotePage>
  );
}
