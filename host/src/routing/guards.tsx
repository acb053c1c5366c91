import type { ReactNode } from 'react';
import type { Permission } from '@crm/shared/access';
import { useAccess } from '@crm/shared';
import { NoAccessPage } from '../pages/NoAccessPage.tsx';

export { RequireAuth } from './RequireAuth.tsx';

/** Without the route's permission → the no-access page. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { can } = useAccess();
  return can(permission) ? <>{children}</> : <NoAccessPage />;
}
