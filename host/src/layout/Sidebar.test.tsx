import { Link } from 'react-router-dom';
import { act, renderWithProviders, screen, signedInSession, userEvent, within } from '@crm/shared/testing';
import { Layout } from '@crm/shared/ui';
import { SidebarMenu } from './Sidebar.tsx';

async function renderSidebar(permissions: string[], path = '/dashboard', onNavigate?: () => void) {
  const view = renderWithProviders(<SidebarMenu {...(onNavigate ? { onNavigate } : {})} />, { session: signedInSession(permissions), initialEntries: [path] });
  // antd's Menu registers its item keys in a microtask after mounting; let it settle inside act.
  await act(async () => undefined);
  return view;
}

const menu = () => screen.getByRole('navigation', { name: 'Menu' });

test('shows only the entries the user may open', async () => {
  await renderSidebar(['dashboard.view', 'lead.view', 'failed.lead.view', 'settings.tag.view'], '/lead/search');

  expect(within(menu()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(within(menu()).getByRole('link', { name: 'Leads' })).toHaveAttribute('href', '/lead/search');
  expect(within(menu()).getByRole('link', { name: 'Failed leads' })).toHaveAttribute('href', '/failed/lead/search');
  expect(within(menu()).queryByRole('link', { name: 'Black list' })).not.toBeInTheDocument();
  expect(within(menu()).queryByRole('link', { name: 'Send history' })).not.toBeInTheDocument();

  await userEvent.click(within(menu()).getByText('Settings'));
  expect(await within(menu()).findByRole('link', { name: 'Tags' })).toHaveAttribute('href', '/settings/tags');
  expect(within(menu()).queryByRole('link', { name: 'Statuses' })).not.toBeInTheDocument();
});

test('the entries above the groups each have their own icon: Dashboard and Reports', async () => {
  await renderSidebar(['dashboard.view', 'reports.view'], '/reports');

  const [dashboard, reports] = within(menu()).getAllByRole('menuitem');
  expect(dashboard).toHaveTextContent('Dashboard');
  expect(within(dashboard as HTMLElement).getByRole('img', { name: 'dashboard' })).toBeInTheDocument();
  expect(reports).toHaveTextContent('Reports');
  expect(within(reports as HTMLElement).getByRole('img', { name: 'bar-chart' })).toBeInTheDocument();
  expect(within(menu()).getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
  expect((reports as HTMLElement).closest('li')).toHaveClass('ant-menu-item-selected');
});

test('shows a group only when it has an entry the user may open', async () => {
  await renderSidebar(['lead.view', 'settings.tag.view']);

  expect(within(menu()).getByText('Leads')).toBeInTheDocument();
  expect(within(menu()).getByText('Settings')).toBeInTheDocument();
  expect(within(menu()).queryByText('Brokers')).not.toBeInTheDocument();
  expect(within(menu()).queryByText('Users management')).not.toBeInTheDocument();
  expect(within(menu()).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
});

test('is empty for a user who may open no menu page', async () => {
  await renderSidebar(['lead.single.view', 'user.profile.view']);

  expect(within(menu()).queryAllByRole('menuitem')).toEqual([]);
  expect(within(menu()).queryAllByRole('link')).toEqual([]);
});

test('opens the group of the current page and marks the page', async () => {
  await renderSidebar(['broker.view', 'broker.department.view', 'lead.view'], '/broker/department/search');

  const current = within(menu()).getByRole('link', { name: 'Broker departments' });
  expect(current.closest('li')).toHaveClass('ant-menu-item-selected');
  expect(within(menu()).queryByRole('link', { name: 'Leads' })).not.toBeInTheDocument();
});

test("marks the entry a page without its own is reached from: a lead's profile marks Leads", async () => {
  await renderSidebar(['lead.view', 'lead.single.view', 'failed.lead.view'], '/lead/single/42');

  const leads = within(menu()).getByRole('link', { name: 'Leads' });
  expect(leads.closest('li')).toHaveClass('ant-menu-item-selected');
  expect(within(menu()).getByRole('link', { name: 'Failed leads' }).closest('li')).not.toHaveClass('ant-menu-item-selected');
});

test("opens the group of the page reached by a link elsewhere, after it was mounted on another group's page", async () => {
  renderWithProviders(
    <>
      <SidebarMenu />
      <Link to="/lead/single/42">Open lead 42</Link>
    </>,
    { session: signedInSession(['dashboard.view', 'lead.view', 'lead.single.view', 'broker.view']), initialEntries: ['/broker/search'] },
  );
  await act(async () => undefined);
  expect(within(menu()).queryByRole('link', { name: 'Leads' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Open lead 42' }));

  const leads = await within(menu()).findByRole('link', { name: 'Leads' });
  expect(leads.closest('li')).toHaveClass('ant-menu-item-selected');
});

test('collapsed into the icon rail, shows no group popup until one is hovered', async () => {
  renderWithProviders(
    <Layout.Sider collapsed>
      <SidebarMenu collapsed />
    </Layout.Sider>,
    { session: signedInSession(['lead.view', 'failed.lead.view']), initialEntries: ['/lead/search'] },
  );
  await act(async () => undefined);

  expect(within(menu()).getByRole('menuitem', { name: /Leads$/ })).toHaveAttribute('aria-expanded', 'false');
});

test('tells the drawer to close when an entry is chosen', async () => {
  const onNavigate = jest.fn();
  await renderSidebar(['dashboard.view'], '/lead/search', onNavigate);

  await userEvent.click(within(menu()).getByRole('link', { name: 'Dashboard' }));

  expect(onNavigate).toHaveBeenCalledTimes(1);
});
