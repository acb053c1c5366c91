import { lazy } from 'react';
import type { RemotePages } from '@crm/shared/ui';

/**
 * The pages this remote exposes, for its standalone shell: one per page the route table gives it (the names its
 * webpack exposes are made from), so a page missing here, or one the table does not name, fails the type check.
 */
export const pages = {
  UsersPage: lazy(() => import('./exposes/UsersPage.tsx')),
  UserCreatePage: lazy(() => import('./exposes/UserCreatePage.tsx')),
  UserEditPage: lazy(() => import('./exposes/UserEditPage.tsx')),
  RolesPage: lazy(() => import('./exposes/RolesPage.tsx')),
  RoleCreatePage: lazy(() => import('./exposes/RoleCreatePage.tsx')),
  RoleEditPage: lazy(() => import('./exposes/RoleEditPage.tsx')),
  PermissionsPage: lazy(() => import('./exposes/PermissionsPage.tsx')),
  ProfilePage: lazy(() => import('./exposes/ProfilePage.tsx')),
  NotificationsPage: lazy(() => import('./exposes/NotificationsPage.tsx')),
  NotificationPage: lazy(() => import('./exposes/NotificationPage.tsx')),
  JobsPage: lazy(() => import('./exposes/JobsPage.tsx')),
} satisfies RemotePages<'mfe_management'>;
