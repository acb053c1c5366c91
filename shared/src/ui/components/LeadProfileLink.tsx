import type { ReactNode } from 'react';
import { generatePath, Link } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import type { RoutePath } from '@crm/shared/routes';

const leadProfileRoute: RoutePath = 'lead/single/:id';

/** A lead shown on another screen, linked to its profile for those who may open it (lead.single.view); plain text otherwise. */
export function LeadProfileLink({ id, children }: { id: number; children: ReactNode }) {
  const { can } = useAccess();
  return can('lead.single.view') ? <Link to={generatePath(`/${leadProfileRoute}`, { id: String(id) })}>{children}</Link> : <>{children}</>;
}
