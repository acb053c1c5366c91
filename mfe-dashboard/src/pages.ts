import { lazy } from 'react';
import type { RemotePages } from '@crm/shared/ui';

/**
 * The pages this remote exposes, for its standalone shell: one per page the route table gives it (the names its
 * webpack exposes are made from), so a page missing here, or one the table does not name, fails the type check.
 */
export const pages = {
  DashboardPage: lazy(() => import('./exposes/DashboardPage.tsx')),
  ReportsPage: lazy(() => import('./exposes/ReportsPage.tsx')),
} satisfies RemotePages<'mfe_dashboard'>;
