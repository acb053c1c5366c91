import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { selectIsLoggedIn, selectPermissions, useAppSelector } from '@crm/shared';
import { LoginForm } from '@crm/shared/ui/login';
import { pathAfterSignIn } from '../routing/landing.ts';
import type { SignInState } from '../routing/RequireAuth.tsx';

/**
 * `/` and `/login`: the login form; a signed-in user is sent to the page asked for while signed out, else to their
 * landing page (docs/product.md#routes).
 */
export function LoginPage() {
  const navigate = useNavigate();
  const requested = (useLocation().state as SignInState | null)?.requested;
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const permissions = useAppSelector(selectPermissions);
  // Logging in here stores the session at once but routes away only after 1 s.
  const [signingIn] = useState(loggedIn);
  if (loggedIn && signingIn) return <Navigate to={pathAfterSignIn(requested, permissions)} replace />;
  return <LoginForm onLoggedIn={(held) => navigate(pathAfterSignIn(requested, held), { replace: true })} />;
}
