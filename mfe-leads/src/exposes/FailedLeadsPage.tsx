import { Placeholder } from '../Placeholder.tsx';

export default function FailedLeadsPage() {
  return <Placeholder titleKey="menu.leads.failed" />;
}
