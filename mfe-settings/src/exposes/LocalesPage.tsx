import { Placeholder } from '../Placeholder.tsx';

export default function LocalesPage() {
  return <Placeholder titleKey="menu.settings.locales" />;
}
