import { Placeholder } from '../Placeholder.tsx';

export default function SourcesPage() {
  return <Placeholder titleKey="menu.settings.sources" />;
}
