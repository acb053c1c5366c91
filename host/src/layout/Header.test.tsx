import { Route, Routes } from 'react-router-dom';
import { act } from 'react';
import { liveActions, parseRuntimeConfig, setRuntimeConfig, initialOptionsState, initialSessionState } from '@crm/shared';
import { installTestHttpClient, renderWithProviders, screen, signedInSession, userEvent, waitFor, type TestReply } from '@crm/shared/testing';
import { Header } from './Header.tsx';

beforeEach(() => {
  setRuntimeConfig(parseRuntimeConfig({ apiBaseUrl: 'https://api.crm.example.com/api' }, { protocol: 'https:', hostname: 'crm.example.com' }));
});

function renderHeader(permissions: string[], logoutReply: TestReply = { status: 200, data: { message: 'Logged out' } }) {
  const http = installTestHttpClient(() => logoutReply, { getToken: () => 'token-123' });
  const onToggleSidebar = jest.fn();
  const view = renderWithProviders(
    <Routes>
      <Route path="/" element={<p>Login page</p>} />
      <Route path="*" element={<Header collapsed={false} onToggleSidebar={onToggleSidebar} />} />
    </Routes>,
    { session: signedInSession(permissions, { name: 'Ada Admin' }), initialEntries: ['/dashboard'] },
  );
  return { ...view, http, onToggleSidebar };
}

async function signOut() {
  await userEvent.click(screen.getByTestId('user-menu'));
  await userEvent.click(await screen.findByText('Sign out'));
}

test('sign out calls the API, clears the session and option lists and goes to the login page', async () => {
  const { http, store } = renderHeader(['lead.view']);

  await signOut();

  expect(await screen.findByText('Login page')).toBeInTheDocument();
  expect(http.adapter.requests.map((request) => [request.method, request.url])).toEqual([['delete', '/logout']]);
  expect(store.getState().session).toEqual(initialSessionState);
  expect(store.getState().options).toEqual(initialOptionsState);
});

test('sign out still clears the session when the logout call fails', async () => {
  const { store } = renderHeader(['lead.view'], { status: 500, data: { message: 'Server Error' } });

  await signOut();

  expect(await screen.findByText('Login page')).toBeInTheDocument();
  await waitFor(() => expect(store.getState().session.accessToken).toBeNull());
});

test('the user menu lists only the profile pages the user may open', async () => {
  renderHeader(['user.profile.job.view']);

  await userEvent.click(screen.getByTestId('user-menu'));

  expect(await screen.findByText('Jobs')).toBeInTheDocument();
  expect(screen.queryByText('Profile')).not.toBeInTheDocument();
  expect(screen.queryByRole('menuitem', { name: 'Notifications' })).not.toBeInTheDocument();
});

test('the help menu links to the API documentation on the api host', async () => {
  renderHeader([]);

  await userEvent.click(screen.getByRole('button', { name: 'Help' }));

  expect(await screen.findByRole('link', { name: 'API documentation' })).toHaveAttribute('href', 'https://api.crm.example.com/api/docs');
});

test('the sidebar button toggles the sidebar', async () => {
  const { onToggleSidebar } = renderHeader([]);

  await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));

  expect(onToggleSidebar).toHaveBeenCalledTimes(1);
});

test("on a phone's width the user menu is its icon alone, still named by the user's name", () => {
  // The test window matches no breakpoint's media query: it is narrower than a phone.
  renderHeader(['lead.view']);
  const menu = screen.getByTestId('user-menu');
  expect(menu).not.toHaveTextContent('Ada Admin');
  expect(menu).toHaveAccessibleName('Ada Admin');
});

test('says it is reconnecting while the live stream is down after having been up, and not otherwise', () => {
  const { store } = renderHeader(['lead.view']);
  expect(screen.queryByTestId('live-reconnecting')).not.toBeInTheDocument();
  act(() => void store.dispatch(liveActions.statusChanged('reconnecting')));
  expect(screen.getByTestId('live-reconnecting')).toHaveTextContent('Reconnecting…');
  act(() => void store.dispatch(liveActions.statusChanged('open')));
  expect(screen.queryByTestId('live-reconnecting')).not.toBeInTheDocument();
});
