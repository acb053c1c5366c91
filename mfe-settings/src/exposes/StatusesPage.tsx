import { Placeholder } from '../Placeholder.tsx';

export default function StatusesPage() {
  return <Placeholder titleKey="menu.settings.statuses" />;
}
