import { ResourceScreen } from '@crm/shared/ui';
import { RemotePage } from '../RemotePage.ts';
import { settingsScreens } from '../modules/resources/settingsScreens.tsx';

export default function StatusesPage() {
  return (
    <RemotePage>
      <ResourceScreen spec={settingsScreens.statuses} />
    </RemotePage>
  );
}
