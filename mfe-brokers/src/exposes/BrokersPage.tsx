import { Placeholder } from '../Placeholder.tsx';

export default function BrokersPage() {
  return <Placeholder titleKey="menu.brokers.search" />;
}
