import { ResourceScreen } from '@crm/shared/ui';
import '../i18n/index.ts';
import { settingsScreens } from '../resources.tsx';

export default function LanguagesPage() {
  return <ResourceScreen spec={settingsScreens.languages} />;
}
