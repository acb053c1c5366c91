import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { selectIsLoggedIn, useAppSelector } from '@crm/shared';

/** What the login page is handed: the page that was asked for, to open once signed in. */
export type SignInState = { requested?: string };

/** Not signed in → back to the login page, which remembers the page asked for. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const location = useLocation();
  const state: SignInState = { requested: `${location.pathname}${location.search}` };
  return loggedIn ? <>{children}</> : <Navigate to="/" replace state={state} />;
}
