import { lazy } from 'react';
import type { RemotePages } from '@crm/shared/ui';

/**
 * The pages this remote exposes, for its standalone shell: one per page the route table gives it (the names its
 * webpack exposes are made from), so a page missing here, or one the table does not name, fails the type check.
 */
export const pages = {
  BrokersPage: lazy(() => import('./exposes/BrokersPage.tsx')),
  DepartmentsPage: lazy(() => import('./exposes/DepartmentsPage.tsx')),
  DepartmentHistoriesPage: lazy(() => import('./exposes/DepartmentHistoriesPage.tsx')),
  DepartmentCapsPage: lazy(() => import('./exposes/DepartmentCapsPage.tsx')),
  DistributionRulesPage: lazy(() => import('./exposes/DistributionRulesPage.tsx')),
  SendIntegrationsPage: lazy(() => import('./exposes/SendIntegrationsPage.tsx')),
} satisfies RemotePages<'mfe_brokers'>;
