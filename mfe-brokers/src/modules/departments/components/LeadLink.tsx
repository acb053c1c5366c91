import { Link } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import type { DepartmentSendHistoryItem } from '@crm/shared/contract';
import { leadProfilePath } from '../../../paths.ts';

type LeadRef = DepartmentSendHistoryItem['lead'];

/** A history row's lead: name or e-mail and the public id, linked to the lead profile for those who may open it. */
export function LeadLink({ lead }: { lead: LeadRef }) {
  const { can } = useAccess();
  const text = `${lead.name ?? lead.email ?? ''} (${lead.lead_id})`.trim();
  return can('lead.single.view') ? <Link to={leadProfilePath(lead.id)}>{text}</Link> : <>{text}</>;
}
