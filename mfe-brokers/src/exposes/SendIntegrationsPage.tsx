import { ResourceScreen } from '@crm/shared/ui';
import { BrokersRemotePage } from '../BrokersRemotePage.tsx';
import { integrationScreen } from '../modules/integrations/integrationScreen.tsx';

export default function SendIntegrationsPage() {
  return (
    <BrokersRemotePage>
      <ResourceScreen spec={integrationScreen} />
    </BrokersRemotePage>
  );
}
