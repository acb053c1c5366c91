import { matchPath } from 'react-router-dom';
import { isAllowed } from '@crm/shared/access';
import { routeTable } from '@crm/shared/routes';

/** A signed-in user lands on /dashboard with dashboard.view, else on /lead/search. */
export function landingPath(permissions: readonly string[]): string {
  return isAllowed(permissions, 'dashboard.view') ? '/dashboard' : '/lead/search';
}

/**
 * Where signing in leads: the page asked for while signed out (a deep link, or the page open when the session
 * expired) when it is a screen of the console the user may open; otherwise the landing page.
 */
export function pathAfterSignIn(requested: string | null | undefined, permissions: readonly string[]): string {
  if (requested && requested.startsWith('/') && !requested.startsWith('//')) {
    const pathname = requested.split(/[?#]/, 1)[0] ?? '';
    const route = routeTable.find((entry) => matchPath(`/${entry.path}`, pathname));
    if (route && isAllowed(permissions, route.permission)) return requested;
  }
  return landingPath(permissions);
}
