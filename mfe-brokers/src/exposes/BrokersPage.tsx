import { ResourceScreen } from '@crm/shared/ui';
import { BrokersRemotePage } from '../BrokersRemotePage.tsx';
import { brokerScreen } from '../modules/brokers/brokerScreen.tsx';

export default function BrokersPage() {
  return (
    <BrokersRemotePage>
      <ResourceScreen spec={brokerScreen} />
    </BrokersRemotePage>
  );
}
