import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, screen, signedInSession } from '@crm/shared/testing';
import { RequireAuth, RequirePermission } from './guards.tsx';

function renderGuarded(session = signedInSession(['lead.view'])) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<p>Login page</p>} />
      <Route
        path="/lead/search"
        element={
          <RequireAuth>
            <RequirePermission permission="lead.view">
              <p>Lead search</p>
            </RequirePermission>
          </RequireAuth>
        }
      />
      <Route
        path="/dashboard"
        element={
          <RequireAuth>
            <RequirePermission permission="dashboard.view">
              <p>Dashboard</p>
            </RequirePermission>
          </RequireAuth>
        }
      />
    </Routes>,
    { session, initialEntries: ['/lead/search'] },
  );
}

test('a signed-in user with the permission sees the page', () => {
  renderGuarded();
  expect(screen.getByText('Lead search')).toBeInTheDocument();
});

test('a signed-out user is sent to the login page', () => {
  renderGuarded({ ...signedInSession(['lead.view']), accessToken: null });
  expect(screen.getByText('Login page')).toBeInTheDocument();
  expect(screen.queryByText('Lead search')).not.toBeInTheDocument();
});

test('a user without the permission sees the no-access page', () => {
  renderWithProviders(
    <RequirePermission permission="dashboard.view">
      <p>Dashboard</p>
    </RequirePermission>,
    { session: signedInSession(['lead.view']) },
  );
  expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  expect(screen.getByText('No permission')).toBeInTheDocument();
  expect(screen.getByText('You do not have permission to open this page.')).toBeInTheDocument();
});
