import { lazy, type ComponentType } from 'react';

/** The pages this remote exposes, for its standalone shell. */
export const pages: Record<string, ComponentType> = {
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
};
