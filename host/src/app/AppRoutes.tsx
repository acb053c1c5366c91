/** Router, guards and pages, all from the one route table. The login page is the only eager screen. */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routeTable } from '@crm/shared/routes';
import { FullPageLoader } from '@crm/shared/ui/login';
import { LoginPage } from '../pages/LoginPage.tsx';
import { RequireAuth } from '../routing/RequireAuth.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

const signedIn = () => import('./signedIn.tsx');
const Shell = lazy(() => signedIn().then((module) => ({ default: module.Shell })));
const GuardedRemotePage = lazy(() => signedIn().then((module) => ({ default: module.GuardedRemotePage })));
const NotFoundPage = lazy(() => signedIn().then((module) => ({ default: module.NotFoundPage })));

export function AppRoutes() {
  useDocumentTitle();
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route
          element={
            <RequireAuth>
              <Shell />
            </RequireAuth>
          }
        >
          {routeTable.map((route) => (
            <Route key={route.path} path={`/${route.path}`} element={<GuardedRemotePage permission={route.permission} remote={route.remote} page={route.page} />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
