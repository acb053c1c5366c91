import { Placeholder } from '../Placeholder.tsx';

export default function LocalizationsPage() {
  return <Placeholder titleKey="menu.settings.localizations" />;
}
