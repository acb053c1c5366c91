import { ResourceScreen } from '@crm/shared/ui';
import { RemotePage } from '../RemotePage.ts';
import { brokerScreen } from '../modules/brokers/brokerScreen.tsx';

export default function BrokersPage() {
  return (
    <RemotePage>
      <ResourceScreen spec={brokerScreen} />
    </RemotePage>
  );
}
