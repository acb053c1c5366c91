import { configure, installTestHttpClient, renderWithProviders, screen, signedInSession, userEvent, waitFor, within } from '@crm/shared/testing';
import RequestsPage from '../../../exposes/RequestsPage.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const summary = {
  id: 7,
  direction: 'outbound',
  method: 'POST',
  url: 'https://broker-one.test/api/v2/leads/register?affiliate=12',
  status: 422,
  duration_ms: 340,
  send_integration_id: 3,
  send_integration_name: 'Broker One API',
  lead_id: 99,
  created_at: '2024-03-05T10:20:30.000Z',
};

function renderPage() {
  const http = installTestHttpClient((request) => {
    if (request.url === '/settings/request/7') {
      return {
        status: 200,
        data: {
          data: {
            ...summary,
            request_headers: { 'x-api-key': '[REDACTED]', accept: 'application/json' },
            request_body: '{"email":"a@b.c","password":"[REDACTED]"}',
            response_body: 'taken',
            updated_at: summary.created_at,
          },
        },
      };
    }
    const ofDeletedIntegration = { ...summary, id: 8, method: 'GET', send_integration_id: 4, send_integration_name: null };
    return { status: 200, data: { data: [summary, ofDeletedIntegration], meta: { current_page: 1, per_page: 25, total: 60, last_page: 3 } } };
  });
  const view = renderWithProviders(<RequestsPage />, { session: signedInSession(['settings.request.view']) });
  return { ...view, http };
}

const lastListParams = (http: ReturnType<typeof renderPage>['http']) =>
  http.adapter.requests.filter((request) => request.url === '/settings/request').at(-1)?.params as Record<string, unknown>;

test('shows the log with the url cut, filters by direction and status from page 1, sorts by duration, and opens the sanitized details', async () => {
  const { http } = renderPage();
  const row = (await screen.findByText('POST')).closest('tr')!;
  expect(within(row).getByText('Outbound')).toBeInTheDocument();
  expect(within(row).getByText('https://broker-one.test/api/v2...')).toBeInTheDocument();
  expect(within(row).getByText('340 ms')).toBeInTheDocument();
  expect(within(row).getByText('99')).toBeInTheDocument();
  expect(within(row).getByText('Broker One API')).toBeInTheDocument();
  expect(within(screen.getByText('GET').closest('tr')!).getByText('#4 (deleted)')).toBeInTheDocument();

  await userEvent.click(screen.getByTitle('2'));
  await waitFor(() => expect(lastListParams(http)).toMatchObject({ page: 2 }));
  await userEvent.click(screen.getByRole('combobox', { name: 'Direction' }));
  await userEvent.click(await screen.findByText('Inbound', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(lastListParams(http)).toMatchObject({ page: 1, request_direction: 'inbound' }));
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Status' }), '422');
  await waitFor(() => expect(lastListParams(http)).toMatchObject({ request_direction: 'inbound', status: 422 }));
  await userEvent.click(screen.getByRole('columnheader', { name: /Duration/ }));
  await waitFor(() => expect(lastListParams(http)).toMatchObject({ status: 422, sort: 'duration_ms', direction: 'asc', page: 1 }));

  await userEvent.click(within(row).getByRole('button', { name: 'View' }));
  const drawer = await screen.findByRole('dialog');
  expect(await within(drawer).findByTestId('request-headers')).toHaveTextContent('"x-api-key": "[REDACTED]"');
  expect(within(drawer).getByTestId('request-body')).toHaveTextContent('"password": "[REDACTED]"');
  expect(within(drawer).getByTestId('response-body')).toHaveTextContent('taken');
  expect(within(drawer).getByTestId('request-integration')).toHaveTextContent('Broker One API');
});

test("a link's integration or lead narrows the log, shown as a tag that clears it; a lead opens its profile", async () => {
  const http = installTestHttpClient(() => ({ status: 200, data: { data: [summary], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } }));
  renderWithProviders(<RequestsPage />, {
    session: signedInSession(['settings.request.view', 'lead.single.view']),
    initialEntries: ['/settings/requests?send_integration_id=3&lead_id=abc'],
  });

  const row = (await screen.findByText('POST')).closest('tr')!;
  expect(lastListParams(http)).toMatchObject({ send_integration_id: 3 });
  expect(lastListParams(http)).not.toHaveProperty('lead_id');
  expect(within(row).getByRole('link', { name: '99' })).toHaveAttribute('href', '/lead/single/99');

  const tag = screen.getByTestId('requests-filter-send_integration_id');
  expect(tag).toHaveTextContent('Broker One API only');
  expect(screen.queryByTestId('requests-filter-lead_id')).not.toBeInTheDocument();
  await userEvent.click(within(tag).getByLabelText(/close/i));
  await waitFor(() => expect(lastListParams(http)).not.toHaveProperty('send_integration_id'));
  expect(screen.queryByTestId('requests-filter-send_integration_id')).not.toBeInTheDocument();
});
