import { lazy, type ComponentType } from 'react';

/** The pages this remote exposes, for its standalone shell. */
export const pages: Record<string, ComponentType> = {
  LocalesPage: lazy(() => import('./exposes/LocalesPage.tsx')),
  LocalizationsPage: lazy(() => import('./exposes/LocalizationsPage.tsx')),
  StatusesPage: lazy(() => import('./exposes/StatusesPage.tsx')),
  CountriesPage: lazy(() => import('./exposes/CountriesPage.tsx')),
  LanguagesPage: lazy(() => import('./exposes/LanguagesPage.tsx')),
  TagsPage: lazy(() => import('./exposes/TagsPage.tsx')),
  SourcesPage: lazy(() => import('./exposes/SourcesPage.tsx')),
  AffiliateCompaniesPage: lazy(() => import('./exposes/AffiliateCompaniesPage.tsx')),
  SourceRandomStatusesPage: lazy(() => import('./exposes/SourceRandomStatusesPage.tsx')),
  RequestsPage: lazy(() => import('./exposes/RequestsPage.tsx')),
};
