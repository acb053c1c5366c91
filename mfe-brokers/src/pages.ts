import { lazy, type ComponentType } from 'react';

/** The pages this remote exposes, for its standalone shell. */
export const pages: Record<string, ComponentType> = {
  BrokersPage: lazy(() => import('./exposes/BrokersPage.tsx')),
  DepartmentsPage: lazy(() => import('./exposes/DepartmentsPage.tsx')),
  DepartmentHistoriesPage: lazy(() => import('./exposes/DepartmentHistoriesPage.tsx')),
  SendIntegrationsPage: lazy(() => import('./exposes/SendIntegrationsPage.tsx')),
};
