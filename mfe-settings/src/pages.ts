import { lazy } from 'react';
import type { RemotePages } from '@crm/shared/ui';

/**
 * The pages this remote exposes, for its standalone shell: one per page the route table gives it (the names its
 * webpack exposes are made from), so a page missing here, or one the table does not name, fails the type check.
 */
export const pages = {
  LocalesPage: lazy(() => import('./exposes/LocalesPage.tsx')),
  LocalizationsPage: lazy(() => import('./exposes/LocalizationsPage.tsx')),
  StatusesPage: lazy(() => import('./exposes/StatusesPage.tsx')),
  CountriesPage: lazy(() => import('./exposes/CountriesPage.tsx')),
  LanguagesPage: lazy(() => import('./exposes/LanguagesPage.tsx')),
  TagsPage: lazy(() => import('./exposes/TagsPage.tsx')),
  SourcesPage: lazy(() => import('./exposes/SourcesPage.tsx')),
  AffiliateCompaniesPage: lazy(() => import('./exposes/AffiliateCompaniesPage.tsx')),
  AffiliateCompanyPage: lazy(() => import('./exposes/AffiliateCompanyPage.tsx')),
  SourceRandomStatusesPage: lazy(() => import('./exposes/SourceRandomStatusesPage.tsx')),
  RequestsPage: lazy(() => import('./exposes/RequestsPage.tsx')),
} satisfies RemotePages<'mfe_settings'>;
