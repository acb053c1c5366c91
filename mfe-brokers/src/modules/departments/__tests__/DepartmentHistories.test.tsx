import type { DepartmentBrokerHistoryItem, DepartmentSendHistoryItem } from '@crm/shared/contract';
import { configure, renderWithProviders, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import { Route, Routes } from 'react-router-dom';
import DepartmentHistoriesPage from '../../../exposes/DepartmentHistoriesPage.tsx';
import { departmentFixture } from '../../../testing/brokerFixtures.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

const lead = { id: 99, lead_id: 'LD-99', name: 'Ada Lovelace', email: 'ada@example.com' };
const sendRow: DepartmentSendHistoryItem = {
  id: 1,
  lead,
  job_id: 4,
  user: { id: 1, name: 'Ada Admin' },
  state: 'success',
  failure_status: null,
  api_lead_id: 'B-123',
  lead_url: 'https://broker.test/autologin/123',
  duration_ms: 230,
  created_at: '2024-03-05T10:20:30.000Z',
};
const failedRow: DepartmentSendHistoryItem = {
  ...sendRow,
  id: 2,
  lead: { ...lead, id: 100, lead_id: 'LD-100', name: null },
  state: 'failure',
  failure_status: 'HTTP 500',
  api_lead_id: null,
  lead_url: null,
};
const brokerRow: DepartmentBrokerHistoryItem = { id: 7, lead, channel: 'push', api_lead_status: 'Deposited', api_ftd_at: '2024-03-06T08:00:00.000Z', created_at: '2024-03-06T08:00:01.000Z' };
const meta = (total: number) => ({ current_page: 1, per_page: 25, total, last_page: 1 });

function renderPage() {
  const http = stubApi({
    'GET /broker/department/3/summary': { status: 200, data: { data: { department: departmentFixture(), sent: 120, failed: 7, ftds: 4 } } },
    'GET /broker/department/3/histories/send': { status: 200, data: { data: [sendRow, failedRow], meta: meta(2) } },
    'GET /broker/department/3/histories/broker': { status: 200, data: { data: [brokerRow], meta: meta(1) } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/broker/department/:id/histories/view" element={<DepartmentHistoriesPage />} />
    </Routes>,
    { session: signedInSession(['broker.department.histories.view', 'lead.single.view']), initialEntries: ['/broker/department/3/histories/view'] },
  );
  return http;
}

const lastParams = (http: ReturnType<typeof renderPage>, kind: string) =>
  http.adapter.requests.filter((request) => request.url === `/broker/department/3/histories/${kind}`).at(-1)?.params as Record<string, unknown> | undefined;

test('shows the department summary and the sent leads with links to the lead and the broker', async () => {
  const http = renderPage();
  const summary = await screen.findByTestId('department-summary');
  expect(await within(summary).findByRole('heading', { level: 1, name: 'Broker One - Acme - Berlin' })).toBeInTheDocument();
  expect(summary).toHaveTextContent('Hub API');
  expect(within(summary).getByTestId('department-summary-sent')).toHaveTextContent('120');
  expect(within(summary).getByTestId('department-summary-failed')).toHaveTextContent('7');
  expect(within(summary).getByTestId('department-summary-ftds')).toHaveTextContent('4');

  const sent = screen.getByTestId('department-send-history');
  const first = (await within(sent).findByText('B-123')).closest('tr')!;
  expect(within(first).getByRole('link', { name: 'Ada Lovelace (LD-99)' })).toHaveAttribute('href', '/lead/single/99');
  expect(within(first).getByText('Success')).toBeInTheDocument();
  expect(within(first).getByRole('link', { name: 'Open' })).toHaveAttribute('href', 'https://broker.test/autologin/123');
  expect(within(first).getByText('230 ms')).toBeInTheDocument();
  const second = within(sent).getByText('HTTP 500').closest('tr')!;
  expect(within(second).getByRole('link', { name: 'ada@example.com (LD-100)' })).toHaveAttribute('href', '/lead/single/100');
  expect(within(second).getByText('Failure')).toBeInTheDocument();
  expect(lastParams(http, 'send')).toMatchObject({ page: 1, per_page: 25 });
});

test('the broker reports tab lists status and FTD changes and filters FTDs only', async () => {
  const http = renderPage();
  await userEvent.click(await screen.findByRole('tab', { name: 'Broker reports' }));

  const reports = await screen.findByTestId('department-broker-history');
  const row = (await within(reports).findByText('Deposited')).closest('tr')!;
  expect(within(row).getByText('Postback')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Ada Lovelace (LD-99)' })).toHaveAttribute('href', '/lead/single/99');
  expect(row).toHaveTextContent('Mar 06, 2024');
  expect(lastParams(http, 'broker')).not.toHaveProperty('ftd_only');

  await userEvent.click(within(reports).getByRole('switch', { name: 'FTDs only' }));
  await waitFor(() => expect(lastParams(http, 'broker')).toMatchObject({ ftd_only: true, page: 1 }));
});
