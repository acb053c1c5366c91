import { ResourceScreen } from '@crm/shared/ui';
import '../i18n/index.ts';
import { settingsScreens } from '../resources.tsx';

export default function SourcesPage() {
  return <ResourceScreen spec={settingsScreens.sources} />;
}
