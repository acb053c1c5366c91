import { isAllowed } from '@crm/shared/access';

/** SPEC §2: a signed-in user lands on /dashboard with dashboard.view, else on /lead/search. */
export function landingPath(permissions: readonly string[]): string {
  return isAllowed(permissions, 'dashboard.view') ? '/dashboard' : '/lead/search';
}
