import type { RoleHasPermissionItem, RoleItem } from '@crm/shared/contract';
import { screen, userEvent, pageOf, stubApi } from '@crm/shared/testing';
import { RolesScreen } from '../components/RolesScreen.tsx';
import '../../../i18n/index.ts';
import { renderPage } from '../../../testing/renderPage.tsx';

jest.setTimeout(30_000);

const agents: RoleItem = {
  id: 3,
  name: 'Agents',
  guard_name: 'web',
  permissions: ['lead.view', 'lead.create'],
  users_count: 4,
  created_at: '2024-03-05T10:20:30.000Z',
  updated_at: '2024-03-05T10:20:30.000Z',
};
const agentsViewLeads: RoleHasPermissionItem = { role_id: 3, role_name: 'Agents', permission_id: 9, permission_name: 'lead.view', group: 'lead' };

test('lists roles with their permission and user counts, without the role-has-permissions tab for a user lacking its permission', async () => {
  stubApi({ 'GET /management/role': pageOf([agents]) });
  renderPage(<RolesScreen />, { route: '/management/roles', at: '/management/roles', permissions: ['management.role.view'] });

  const row = (await screen.findByText('Agents')).closest('tr');
  expect(row).toHaveTextContent(/Agents\s*web\s*2\s*4/);
  expect(screen.queryByRole('tab', { name: 'Role has permissions' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create role' })).not.toBeInTheDocument();
});

test('shows the role × permission rows in their own tab with management.role_has_permissions.view', async () => {
  const api = stubApi({ 'GET /management/role': pageOf([agents]), 'GET /management/role/has/permissions': pageOf([agentsViewLeads]) });
  const user = userEvent.setup();
  renderPage(<RolesScreen />, { route: '/management/roles', at: '/management/roles', permissions: ['management.role.view', 'management.role_has_permissions.view'] });

  await user.click(await screen.findByRole('tab', { name: 'Role has permissions' }));

  expect(await screen.findByText('lead.view')).toBeInTheDocument();
  expect(api.adapter.requests.some((request) => request.url === '/management/role/has/permissions')).toBe(true);
});
