import { Placeholder } from '../Placeholder.tsx';

export default function SourceRandomStatusesPage() {
  return <Placeholder titleKey="menu.settings.sourceRandomStatuses" />;
}
