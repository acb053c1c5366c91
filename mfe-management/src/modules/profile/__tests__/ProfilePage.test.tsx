import type { BrowserSession } from '@crm/shared/contract';
import { profileFixture, requestBody, screen, userEvent, waitFor, within, type TestReply, stubApi } from '@crm/shared/testing';
import ProfilePage from '../../../exposes/ProfilePage.tsx';
import '../../../i18n/index.ts';
import { renderPage } from '../../../testing/renderPage.tsx';

// antd forms and tables in jsdom on a shared machine: typing and role queries take seconds.
jest.setTimeout(30_000);

function sessionFixture(id: number, overrides: Partial<BrowserSession> = {}): BrowserSession {
  return {
    id,
    user_agent: `Browser ${id}`,
    ip: `10.0.0.${id}`,
    last_active: '2024-03-05T10:20:30',
    expires_at: '2024-03-06T10:20:30',
    created_at: '2024-03-05T09:00:00',
    is_current: false,
    ...overrides,
  };
}

const sessions = [sessionFixture(1), sessionFixture(2, { is_current: true }), sessionFixture(3)];
const canUpdate = ['user.profile.view', 'user.profile.update'] as const;

function renderProfile(permissions: readonly ('user.profile.view' | 'user.profile.update')[], replies: Record<string, TestReply> = {}) {
  const http = stubApi({
    'GET /profile': { status: 200, data: { data: profileFixture({ name: 'Ada Admin', email: 'ada@example.com', locale: 'en' }) } },
    'GET /profile/sessions': { status: 200, data: { data: sessions } },
    ...replies,
  });
  const view = renderPage(<ProfilePage />, { route: '/profile', at: '/profile', permissions: [...permissions] });
  return { ...view, http };
}

const formItemOf = (label: string) => screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;

test('shows the server 422 message under the email field', async () => {
  const { http } = renderProfile(canUpdate, {
    'PUT /profile': { status: 422, data: { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'] } } },
  });
  const email = await screen.findByLabelText('Email');
  expect(email.closest('form')).toHaveAttribute('novalidate');

  await userEvent.clear(email);
  await userEvent.click(email);
  await userEvent.paste('taken@example.com');
  // By text, not role: role queries over the whole page (forms and table) are slow in jsdom.
  await userEvent.click(screen.getByText('Save settings'));

  await waitFor(() => expect(within(formItemOf('Email')).getByText('The email has already been taken.')).toBeInTheDocument());
  expect(within(formItemOf('Name')).queryByText('The email has already been taken.')).not.toBeInTheDocument();
  const put = http.adapter.requests.find((request) => request.method === 'put');
  expect(put && requestBody(put)).toEqual({ name: 'Ada Admin', email: 'taken@example.com', locale: 'en' });
});

test('a saved profile shows the server message and puts the new name in the session', async () => {
  const { store } = renderProfile(canUpdate, {
    'PUT /profile': { status: 200, data: { message: 'Settings successfully updated', data: profileFixture({ name: 'Ada Lovelace', locale: 'en' }) } },
  });
  const name = await screen.findByLabelText('Name');

  await userEvent.clear(name);
  await userEvent.click(name);
  await userEvent.paste('Ada Lovelace');
  // By text, not role: role queries over the whole page (forms and table) are slow in jsdom.
  await userEvent.click(screen.getByText('Save settings'));

  expect(await screen.findByText('Settings successfully updated')).toBeInTheDocument();
  expect(store.getState().session.name).toBe('Ada Lovelace');
});

test('shows read-only values and no password form without user.profile.update', async () => {
  renderProfile(['user.profile.view']);

  expect(await screen.findByTestId('profile-settings-read-only')).toHaveTextContent('ada@example.com');
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  expect(screen.queryByText('Change password')).not.toBeInTheDocument();
});

test('marks the current browser session as this device', async () => {
  const { container } = renderProfile(['user.profile.view']);

  await screen.findByText('Browser 2');
  const current = container.querySelectorAll('tr[data-current="true"]');
  expect(current).toHaveLength(1);
  expect(current[0]).toHaveTextContent('Browser 2');
  expect(current[0]).toHaveTextContent('This device');
  expect(container.querySelectorAll('tr[data-current="false"]')).toHaveLength(2);
  expect(screen.getAllByText('This device')).toHaveLength(1);
});

test('logs out the other sessions after the confirm, shows the message and lists the sessions again', async () => {
  let listed = sessions;
  const http = stubApi({
    'GET /profile': { status: 200, data: { data: profileFixture() } },
    'GET /profile/sessions': () => ({ status: 200, data: { data: listed } }),
    'DELETE /profile/sessions/others': () => {
      listed = sessions.filter((session) => session.is_current);
      return { status: 200, data: { message: 'Other browser sessions logged out.', data: { revoked: 2 } } };
    },
  });
  renderPage(<ProfilePage />, { route: '/profile', at: '/profile', permissions: ['user.profile.view'] });
  await screen.findByText('Browser 3');

  await userEvent.click(screen.getByRole('button', { name: 'Log out other sessions' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Log out others' }));

  expect(await screen.findByText('Other browser sessions logged out.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Browser 3')).not.toBeInTheDocument());
  expect(screen.getByText('Browser 2')).toBeInTheDocument();
  expect(http.adapter.requests.filter((request) => request.method === 'delete').map((request) => request.url)).toEqual(['/profile/sessions/others']);
});

test('a changed password lists the sessions again: the other ones are signed out', async () => {
  let listed = sessions;
  stubApi({
    'GET /profile': { status: 200, data: { data: profileFixture() } },
    'GET /profile/sessions': () => ({ status: 200, data: { data: listed } }),
    'PUT /profile/password': () => {
      listed = sessions.filter((session) => session.is_current);
      return { status: 200, data: { message: 'Password changed.' } };
    },
  });
  renderPage(<ProfilePage />, { route: '/profile', at: '/profile', permissions: [...canUpdate] });
  await screen.findByText('Browser 3');

  await userEvent.type(screen.getByLabelText('Current password'), 'old-secret-1');
  await userEvent.type(screen.getByLabelText('New password'), 'new-secret-22');
  await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-secret-22');
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));

  expect(await screen.findByText('Password changed.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Browser 3')).not.toBeInTheDocument());
  expect(screen.getByText('Browser 2')).toBeInTheDocument();
});
