import { Link } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { useTranslation } from 'react-i18next';
import { renderCell, Typography } from '@crm/shared/ui';
import type { LeadSendHistory } from '@crm/shared/contract';
import { routeUrl } from '@crm/shared/routes';

/** The lead of a send attempt: its public id (a link to the profile for those who may open it) and email. */
export function LeadLink({ lead, testId }: { lead: LeadSendHistory['lead']; testId: string }) {
  const { can } = useAccess();
  const { t } = useTranslation();
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
          {renderCell('text', lead.email, t)}
        </Typography.Text>
      )}
    </span>
  );
}
