import { configure, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import DepartmentsPage from '../../../exposes/DepartmentsPage.tsx';
import { countryOptionsReply, departmentFixture, integrationFixture } from '../../../testing/brokerFixtures.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

const department = departmentFixture();
const replies = {
  'GET /broker/department': pageOf([department, departmentFixture({ id: 4, branch_name: 'Vienna', send_integration: null, countries: [], languages: [] })]),
  'GET /broker/all': { status: 200, data: { data: [department.broker, { id: 2, name: 'Broker Two', affiliate_companies: [] }] } },
  'GET /settings/country/all': countryOptionsReply,
  'GET /send/integration': pageOf([integrationFixture(), integrationFixture({ id: 6, name: 'Box API' })]),
  'PUT /broker/department/3': { status: 200, data: { message: 'Department successfully updated', data: department } },
};
const options = ['options.brokers.all', 'options.countries.all', 'send.integration.view'];

test('lists departments by branch and broker label with integration, targeting and a histories link', async () => {
  stubApi(replies);
  renderWithProviders(<DepartmentsPage />, { session: signedInSession(['broker.department.view', 'broker.department.histories.view', ...options]) });

  const row = (await screen.findByText('Berlin')).closest('tr')!;
  expect(within(row).getByText('Broker One - Acme')).toBeInTheDocument();
  expect(within(row).getByText('Hub API')).toBeInTheDocument();
  expect(within(row).getByText('DE')).toBeInTheDocument();
  expect(within(row).getByText('AT')).toBeInTheDocument();
  expect(within(row).getByText('de')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Histories' })).toHaveAttribute('href', '/broker/department/3/histories/view');
  // An icon button like the row's other actions, not a lone text link.
  expect(within(row).getByRole('link', { name: 'Histories' })).toHaveClass('ant-btn');
  // No targeting accepts every country and language, and the row says so.
  const open = screen.getByText('Vienna').closest('tr')!;
  expect(within(open).getByText('Every country')).toBeInTheDocument();
  expect(within(open).getByText('Every language')).toBeInTheDocument();
  expect(within(row).queryByText('Every country')).not.toBeInTheDocument();
});

test('without broker.department.histories.view there is no histories link; the broker filter lists brokers by label', async () => {
  const http = stubApi(replies);
  renderWithProviders(<DepartmentsPage />, { session: signedInSession(['broker.department.view', ...options]) });

  await screen.findByText('Berlin');
  expect(screen.queryByRole('link', { name: 'Histories' })).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('combobox', { name: 'Broker' }));
  await userEvent.click(await screen.findByText('Broker Two', { selector: '.ant-select-item-option-content' }));
  const listParams = () => http.adapter.requests.filter((request) => request.url === '/broker/department').at(-1)?.params as Record<string, unknown>;
  await waitFor(() => expect(listParams()).toMatchObject({ broker_id: 2, page: 1 }));
});

test('the edit form starts from the department and sends broker, integration (or null) and targeting', async () => {
  const http = stubApi(replies);
  renderWithProviders(<DepartmentsPage />, { session: signedInSession(['broker.department.view', 'broker.department.update', ...options]) });
  const row = (await screen.findByText('Berlin')).closest('tr')!;
  expect(within(row).getByText('Broker One - Acme')).toBeInTheDocument();
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  expect(await within(dialog).findByText('Germany (DE)')).toBeInTheDocument();
  expect(within(dialog).getByText('Hub API')).toBeInTheDocument();

  await userEvent.click(within(dialog).getByLabelText('Broker'));
  await userEvent.click(await screen.findByText('Broker Two', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(within(dialog).getByLabelText('Send integration'));
  await userEvent.click(await screen.findByText('Box API', { selector: '.ant-select-item-option-content' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'put')).toBe(true));
  expect(requestBody(http.adapter.requests.find((request) => request.method === 'put')!)).toEqual({
    broker_id: 2,
    branch_name: 'Berlin',
    send_integration_id: 6,
    countries: ['DE', 'AT'],
    languages: ['de'],
    is_active: true,
  });
});
