import { Placeholder } from '../Placeholder.tsx';

export default function LeadHistoryPage() {
  return <Placeholder titleKey="menu.leads.history" />;
}
