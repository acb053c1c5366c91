import { ResourceScreen } from '@crm/shared/ui';
import { RemotePage } from '../RemotePage.ts';
import { settingsScreens } from '../modules/resources/settingsScreens.tsx';

export default function TagsPage() {
  return (
    <RemotePage>
      <ResourceScreen spec={settingsScreens.tags} />
    </RemotePage>
  );
}
