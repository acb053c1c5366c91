import { Placeholder } from '../Placeholder.tsx';

export default function BlacklistPage() {
  return <Placeholder titleKey="menu.leads.blacklist" />;
}
