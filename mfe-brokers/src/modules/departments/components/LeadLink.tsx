import type { DepartmentSendHistoryItem } from '@crm/shared/contract';
import { LeadProfileLink } from '@crm/shared/ui';

type LeadRef = DepartmentSendHistoryItem['lead'];

/** A history row's lead: name or e-mail and the public id, linked to the lead profile for those who may open it. */
export function LeadLink({ lead }: { lead: LeadRef }) {
  return <LeadProfileLink id={lead.id}>{`${lead.name ?? lead.email ?? ''} (${lead.lead_id})`.trim()}</LeadProfileLink>;
}
