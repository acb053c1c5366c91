import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { selectIsLoggedIn, useAppSelector } from '@crm/shared';

/** Not signed in → back to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? <>{children}</> : <Navigate to="/" replace />;
}
