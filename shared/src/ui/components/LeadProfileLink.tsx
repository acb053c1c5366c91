import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { routeUrl } from '@crm/shared/routes';

/** A lead shown on another screen, linked to its profile for those who may open it (lead.single.view); plain text otherwise. */
export function LeadProfileLink({ id, children }: { id: number; children: ReactNode }) {
  const { can } = useAccess();
  return can('lead.single.view') ? <Link to={routeUrl('lead/single/:id', { id })}>{children}</Link> : <>{children}</>;
}
