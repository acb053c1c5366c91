import { Placeholder } from '../Placeholder.tsx';

export default function LeadProfilePage() {
  return <Placeholder titleKey="menu.leads.single" />;
}
