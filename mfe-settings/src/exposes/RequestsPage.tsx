import { Placeholder } from '../Placeholder.tsx';

export default function RequestsPage() {
  return <Placeholder titleKey="menu.settings.requests" />;
}
