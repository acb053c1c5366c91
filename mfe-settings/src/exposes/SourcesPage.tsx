import { ResourceScreen } from '@crm/shared/ui';
import { RemotePage } from '../RemotePage.ts';
import { settingsScreens } from '../modules/resources/settingsScreens.tsx';

export default function SourcesPage() {
  return (
    <RemotePage>
      <ResourceScreen spec={settingsScreens.sources} />
    </RemotePage>
  );
}
