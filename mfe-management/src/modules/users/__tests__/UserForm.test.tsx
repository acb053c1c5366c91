import type { InternalAxiosRequestConfig } from 'axios';
import type { UserItem } from '@crm/shared/contract';
import { requestBody, screen, userEvent, waitFor, within, formItemOf, stubApi } from '@crm/shared/testing';
import { UserCreate } from '../components/UserCreate.tsx';
import { UserEdit } from '../components/UserEdit.tsx';
import '../../../i18n/index.ts';
import { renderPage } from '../../../testing/renderPage.tsx';

jest.setTimeout(30_000);

const roleOptions = { status: 200, data: { data: [{ id: 3, name: 'Agents', permissions: ['lead.view'] }] } };
const grace: UserItem = {
  id: 7,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  locale: 'en',
  is_sender: true,
  roles: [{ id: 3, name: 'Agents' }],
  created_at: '2024-03-05T10:20:30.000Z',
  updated_at: '2024-03-05T10:20:30.000Z',
};

const renderCreate = () => renderPage(<UserCreate />, { route: '/management/user/create', at: '/management/user/create', permissions: ['management.user.view', 'management.user.create'] });
const renderEdit = (id: number) =>
  renderPage(<UserEdit />, { route: '/management/user/:id/edit', at: `/management/user/${id}/edit`, permissions: ['management.user.view', 'management.user.update'] });

const sentWrites = (requests: InternalAxiosRequestConfig[]) => requests.filter((request) => request.method !== 'get');

test('shows the server 422 message under the e-mail field', async () => {
  stubApi({
    'GET /management/role/all': roleOptions,
    'POST /management/user': { status: 422, data: { message: 'The given data was invalid.', errors: { email: ['The email has already been taken.'] } } },
  });
  const user = userEvent.setup();
  renderCreate();

  await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Password'), 'compiler-1952');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  const emailItem = formItemOf(screen.getByLabelText('Email'));
  await waitFor(() => expect(within(emailItem).getByText('The email has already been taken.')).toBeInTheDocument());
  expect(screen.queryByText('Users list page')).not.toBeInTheDocument();
  // No browser bubble on top of the messages under the fields.
  expect(emailItem.closest('form')).toHaveAttribute('novalidate');
});

test('the create form requires a password and checks its strength before sending', async () => {
  const api = stubApi({ 'GET /management/role/all': roleOptions });
  const user = userEvent.setup();
  renderCreate();
  await user.type(screen.getByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  const passwordItem = formItemOf(screen.getByLabelText('Password'));

  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await within(passwordItem).findByText('The password field is required.')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Password'), 'cobol1');
  expect(await within(passwordItem).findByText('The password must be at least 10 characters.')).toBeInTheDocument();
  expect(sentWrites(api.adapter.requests)).toEqual([]);
});

test('the edit form saves without a password, keeping the current one', async () => {
  const api = stubApi({
    'GET /management/role/all': roleOptions,
    'GET /management/user/7': { status: 200, data: { data: grace } },
    'PUT /management/user/7': { status: 200, data: { message: 'User successfully updated.', data: grace } },
  });
  const user = userEvent.setup();
  renderEdit(7);
  expect(await screen.findByDisplayValue('Grace Hopper')).toBeInTheDocument();
  expect(screen.getByText('Leave blank to keep the current password.', { exact: false })).toBeInTheDocument();

  await user.clear(screen.getByLabelText('Name'));
  await user.type(screen.getByLabelText('Name'), 'Grace B. Hopper');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Users list page')).toBeInTheDocument();
  expect(await screen.findByText('User successfully updated.')).toBeInTheDocument();
  const [update] = sentWrites(api.adapter.requests);
  expect(update && requestBody(update)).toEqual({ name: 'Grace B. Hopper', email: 'grace@example.com', roles: [3], is_sender: true, locale: 'en' });
});

test('the edit page shows a not-found state for an unknown user', async () => {
  stubApi({ 'GET /management/role/all': roleOptions, 'GET /management/user/404': { status: 404, data: { message: 'Not found' } } });
  renderEdit(404);

  expect(await screen.findByText('This user does not exist.')).toBeInTheDocument();
  expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
});
