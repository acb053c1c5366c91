import { Placeholder } from '../Placeholder.tsx';

export default function LeadSearchPage() {
  return <Placeholder titleKey="menu.leads.search" />;
}
