import { Link } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { Typography } from '@crm/shared/ui';
import type { LeadSendHistory } from '@crm/shared/contract';
import { routeUrl } from '@crm/shared/routes';

/** The lead of a send attempt: its public id (a link to the profile for those who may open it) and email. */
export function LeadLink({ lead, testId }: { lead: LeadSendHistory['lead']; testId: string }) {
  const { can } = useAccess();
  return (
    <span>
      {can('lead.single.view') ? (
        <Link to={routeUrl('lead/single/:id', { id: lead.id })} data-testid={testId}>
          {lead.lead_id}
        </Link>
      ) : (
        <span data-testid={testId}>{lead.lead_id}</span>
      )}
      {lead.email && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {lead.email}
        </Typography.Text>
      )}
    </span>
  );
}
