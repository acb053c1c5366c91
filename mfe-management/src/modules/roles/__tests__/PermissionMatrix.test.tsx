// Checkboxes are found by label, not by role: computing the accessible name of every one of the matrix's
// ~130 checkboxes makes a getByRole query take half a minute in jsdom. The label is their accessible name.
import { requestBody, screen, userEvent, waitFor, within, formItemOf, stubApi } from '@crm/shared/testing';
import { RoleCreate } from '../components/RoleCreate.tsx';
import '../../../i18n/index.ts';
import { renderPage } from '../../../testing/renderPage.tsx';

jest.setTimeout(30_000);

const roleGroup = ['management.role.view', 'management.role.create', 'management.role.update', 'management.role.delete'];

function renderRoleCreate() {
  return renderPage(<RoleCreate />, { route: '/management/role/create', at: '/management/role/create', permissions: ['management.role.view', 'management.role.create'] });
}

const checkbox = (label: string) => screen.getByLabelText(label, { selector: 'input[type="checkbox"]' });

test('the group checkbox selects every permission of its group, and deselects them again', async () => {
  stubApi({});
  const user = userEvent.setup();
  renderRoleCreate();
  const selectAll = checkbox('Select all: role');

  await user.click(selectAll);

  for (const name of roleGroup) expect(checkbox(name)).toBeChecked();
  expect(selectAll).toBeChecked();
  expect(checkbox('management.user.view')).not.toBeChecked();
  expect(screen.getByTestId('permission-count')).toHaveTextContent(/^4 of \d+ permissions selected$/);

  await user.click(selectAll);

  for (const name of roleGroup) expect(checkbox(name)).not.toBeChecked();
  expect(screen.getByTestId('permission-count')).toHaveTextContent(/^0 of/);
});

test('the group checkbox is indeterminate while only part of its group is selected', async () => {
  stubApi({});
  const user = userEvent.setup();
  renderRoleCreate();
  const selectAll = checkbox('Select all: role');
  expect(selectAll).not.toBePartiallyChecked();

  await user.click(checkbox('management.role.view'));

  expect(selectAll).toBePartiallyChecked();
  expect(selectAll).not.toBeChecked();

  for (const name of roleGroup.slice(1)) await user.click(checkbox(name));

  expect(selectAll).not.toBePartiallyChecked();
  expect(selectAll).toBeChecked();
});

test('saves the name, the default guard and the selected permissions, then returns to the roles list', async () => {
  const api = stubApi({ 'POST /management/role': { status: 201, data: { message: 'Role successfully created.', data: {} } } });
  const user = userEvent.setup();
  renderRoleCreate();
  expect(screen.getByLabelText('Guard name')).toHaveValue('web');

  await user.type(screen.getByLabelText('Role name'), 'Viewers');
  // The dashboard group: the dashboard and the reports.
  await user.click(checkbox('Select all: dashboard'));
  await user.click(checkbox('lead.view'));
  await user.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByText('Roles list page')).toBeInTheDocument();
  expect(await screen.findByText('Role successfully created.')).toBeInTheDocument();
  const [request] = api.adapter.requests;
  expect(request && requestBody(request)).toEqual({ name: 'Viewers', guard_name: 'web', permissions: ['dashboard.view', 'reports.view', 'lead.view'] });
});

test('shows the server 422 under the role name', async () => {
  stubApi({ 'POST /management/role': { status: 422, data: { message: 'Invalid', errors: { name: ['The name has already been taken.'] } } } });
  const user = userEvent.setup();
  renderRoleCreate();

  await user.type(screen.getByLabelText('Role name'), 'Admin');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  const nameItem = formItemOf(screen.getByLabelText('Role name'));
  await waitFor(() => expect(within(nameItem).getByText('The name has already been taken.')).toBeInTheDocument());
  expect(screen.queryByText('Roles list page')).not.toBeInTheDocument();
});
