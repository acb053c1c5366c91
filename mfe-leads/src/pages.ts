import { lazy, type ComponentType } from 'react';

/** The pages this remote exposes, for its standalone shell. */
export const pages: Record<string, ComponentType> = {
  LeadSearchPage: lazy(() => import('./exposes/LeadSearchPage.tsx')),
  LeadProfilePage: lazy(() => import('./exposes/LeadProfilePage.tsx')),
  FailedLeadsPage: lazy(() => import('./exposes/FailedLeadsPage.tsx')),
  LeadStatusSettingsPage: lazy(() => import('./exposes/LeadStatusSettingsPage.tsx')),
  LeadHistoryPage: lazy(() => import('./exposes/LeadHistoryPage.tsx')),
  BlacklistPage: lazy(() => import('./exposes/BlacklistPage.tsx')),
};
