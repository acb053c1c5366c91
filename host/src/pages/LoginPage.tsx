import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { selectIsLoggedIn, selectPermissions, useAppSelector } from '@crm/shared';
import { LoginForm } from '@crm/shared/ui/login';
import { landingPath } from '../routing/landing.ts';

/** `/` and `/login`: the login form; a signed-in user is sent to their landing page (SPEC §2). */
export function LoginPage() {
  const navigate = useNavigate();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const permissions = useAppSelector(selectPermissions);
  // Logging in here stores the session at once but routes away only after 1 s (SPEC §4).
  const [signingIn] = useState(loggedIn);
  if (loggedIn && signingIn) return <Navigate to={landingPath(permissions)} replace />;
  return <LoginForm onLoggedIn={(held) => navigate(landingPath(held), { replace: true })} />;
}
