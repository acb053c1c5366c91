import { ResourceScreen } from '@crm/shared/ui';
import { RemotePage } from '../RemotePage.ts';
import { integrationScreen } from '../modules/integrations/integrationScreen.tsx';

export default function SendIntegrationsPage() {
  return (
    <RemotePage>
      <ResourceScreen spec={integrationScreen} />
    </RemotePage>
  );
}
