/**
 * Screen tests of this remote: a page rendered at its route-table path beside stand-ins for the pages it
 * navigates to, with a signed-in session holding the given permissions.
 */
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { Permission } from '@crm/shared/access';
import type { SessionState } from '@crm/shared';
import { renderWithProviders, signedInSession } from '@crm/shared/testing';

const standIns: Record<string, string> = {
  '/management/users': 'Users list page',
  '/management/roles': 'Roles list page',
  '/management/user/create': 'User create page',
  '/profile/notifications': 'Notifications list page',
};

type RenderOptions = { route: string; at: string; permissions: Permission[]; session?: Partial<SessionState> };

export function renderPage(page: ReactElement, { route, at, permissions, session = {} }: RenderOptions) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={route} element={page} />
        {Object.entries(standIns)
          .filter(([path]) => path !== route)
          .map(([path, text]) => (
            <Route key={path} path={path} element={<p>{text}</p>} />
          ))}
      </Routes>
      <Toaster />
    </>,
    { initialEntries: [at], session: signedInSession(permissions, session) },
  );
}
