import { lazy } from 'react';
import type { RemotePages } from '@crm/shared/ui';

/**
 * The pages this remote exposes, for its standalone shell: one per page the route table gives it (the names its
 * webpack exposes are made from), so a page missing here, or one the table does not name, fails the type check.
 */
export const pages = {
  LeadSearchPage: lazy(() => import('./exposes/LeadSearchPage.tsx')),
  LeadProfilePage: lazy(() => import('./exposes/LeadProfilePage.tsx')),
  FailedLeadsPage: lazy(() => import('./exposes/FailedLeadsPage.tsx')),
  LeadStatusSettingsPage: lazy(() => import('./exposes/LeadStatusSettingsPage.tsx')),
  LeadHistoryPage: lazy(() => import('./exposes/LeadHistoryPage.tsx')),
  BlacklistPage: lazy(() => import('./exposes/BlacklistPage.tsx')),
} satisfies RemotePages<'mfe_leads'>;
