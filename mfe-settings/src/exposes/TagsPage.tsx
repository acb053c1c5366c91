import { Placeholder } from '../Placeholder.tsx';

export default function TagsPage() {
  return <Placeholder titleKey="menu.settings.tags" />;
}
