import { ResourceScreen } from '@crm/shared/ui';
import '../i18n/index.ts';
import { settingsScreens } from '../resources.ts';

export default function SourcesPage() {
  return <ResourceScreen spec={settingsScreens.sources} />;
}
