import { Placeholder } from '../Placeholder.tsx';

export default function SendIntegrationsPage() {
  return <Placeholder titleKey="menu.brokers.sendIntegrations" />;
}
