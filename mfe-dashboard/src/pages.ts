import { lazy, type ComponentType } from 'react';

/** The pages this remote exposes, for its standalone shell. */
export const pages: Record<string, ComponentType> = {
  DashboardPage: lazy(() => import('./exposes/DashboardPage.tsx')),
};
