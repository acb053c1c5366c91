import { Placeholder } from '../Placeholder.tsx';

export default function LeadStatusSettingsPage() {
  return <Placeholder titleKey="menu.leads.statusSettings" />;
}
