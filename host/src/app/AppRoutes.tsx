/** Router, guards and pages, all from the one route table. */
import { Route, Routes } from 'react-router-dom';
import { routeTable } from '@crm/shared/routes';
import { LoginPage } from '../pages/LoginPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { Shell } from '../layout/Shell.tsx';
import { RequireAuth, RequirePermission } from '../routing/guards.tsx';
import { RemotePage } from '../routing/RemotePage.tsx';

export function AppRoutes() {
  return (
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
          <Route
            key={route.path}
            path={`/${route.path}`}
            element={
              <RequirePermission permission={route.permission}>
                <RemotePage remote={route.remote} page={route.page} />
              </RequirePermission>
            }
          />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
