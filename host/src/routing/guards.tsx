import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Permission } from '@crm/shared/contract';
import { selectIsLoggedIn, useAccess, useAppSelector } from '@crm/shared';
import { NoAccessPage } from '../pages/NoAccessPage.tsx';

/** Not signed in → back to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? <>{children}</> : <Navigate to="/" replace />;
}

/** Without the route's permission → the no-access page. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { can } = useAccess();
  return can(permission) ? <>{children}</> : <NoAccessPage />;
}
