import type { Permission } from '@crm/shared/access';
import type { UserItem } from '@crm/shared/contract';
import { screen, userEvent, waitFor, within, pageOf, stubApi } from '@crm/shared/testing';
import { UsersList } from '../components/UsersList.tsx';
import '../../../i18n/index.ts';
import { renderPage } from '../../../testing/renderPage.tsx';

jest.setTimeout(30_000);

const ada: UserItem = {
  id: 1,
  name: 'Ada Admin',
  email: 'ada@example.com',
  locale: 'en',
  is_sender: false,
  roles: [{ id: 1, name: 'Administrators' }],
  created_at: '2024-03-05T10:20:30.000Z',
  updated_at: '2024-03-05T10:20:30.000Z',
};

function renderUsers(permissions: Permission[]) {
  return renderPage(<UsersList />, { route: '/management/users', at: '/management/users', permissions });
}

test('hides the Create user button without management.user.create', async () => {
  stubApi({ 'GET /management/user': pageOf([ada]) });
  renderUsers(['management.user.view']);

  expect(await screen.findByText('ada@example.com')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create user' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
});

test('the Create user button opens the create page for a user holding management.user.create', async () => {
  stubApi({ 'GET /management/user': pageOf([ada]), 'GET /management/role/all': { status: 200, data: { data: [] } } });
  const user = userEvent.setup();
  renderUsers(['management.user.view', 'management.user.create']);

  await user.click(await screen.findByRole('button', { name: 'Create user' }));

  expect(await screen.findByText('User create page')).toBeInTheDocument();
});

test('a refused delete shows the server message as an error toast and keeps the row', async () => {
  stubApi({ 'GET /management/user': pageOf([ada]), 'DELETE /management/user/1': { status: 409, data: { message: 'You cannot delete your own account.' } } });
  const user = userEvent.setup();
  renderUsers(['management.user.view', 'management.user.delete']);
  const row = (await screen.findByText('ada@example.com')).closest('tr');
  if (!row) throw new Error('no row');

  await user.click(within(row).getByRole('button', { name: 'Delete' }));
  await user.click(await screen.findByRole('button', { name: 'Yes' }));

  expect(await screen.findByRole('status')).toHaveTextContent('You cannot delete your own account.');
  expect(screen.getByText('ada@example.com')).toBeInTheDocument();
});

test('clicking a sortable header sorts the list on the server', async () => {
  const http = stubApi({ 'GET /management/user': pageOf([ada]) });
  const user = userEvent.setup();
  renderUsers(['management.user.view']);
  await screen.findByText('ada@example.com');

  await user.click(screen.getByRole('columnheader', { name: /Email/ }));

  await waitFor(() => expect(http.adapter.requests.at(-1)?.params).toMatchObject({ sort: 'email', direction: 'asc', page: 1 }));
  expect(screen.getByRole('columnheader', { name: /Roles/ })).not.toHaveAttribute('aria-sort');
});
