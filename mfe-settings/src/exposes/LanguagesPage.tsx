import { Placeholder } from '../Placeholder.tsx';

export default function LanguagesPage() {
  return <Placeholder titleKey="menu.settings.languages" />;
}
