import { useLocation } from 'react-router-dom';
import { configure, pageOf, renderWithProviders, screen, signedInSession, stubApi, userEvent, waitFor, within, type TestReply } from '@crm/shared/testing';
import type { LeadSendHistory } from '@crm/shared/contract';
import LeadHistoryPage from '../../../exposes/LeadHistoryPage.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
// The pointer-events check walks computed styles up the tree: seconds per click under antd's CSS-in-JS.
const user = userEvent.setup({ pointerEventsCheck: 0 });

const attempt: LeadSendHistory = {
  id: 31,
  lead: { id: 99, lead_id: 'L-0099', name: 'Ann', email: 'ann@example.com' },
  department: { id: 3, label: 'Broker One - Berlin' },
  send_integration_id: 4,
  send_integration_name: 'Broker One API',
  job_id: null,
  user: { id: 1, name: 'Ada Admin' },
  state: 'failure',
  failure_status: 'duplicate',
  api_lead_id: null,
  request: { email: 'ann@example.com', password: '[REDACTED]' },
  response: '{"error":"already registered"}',
  duration_ms: 2400,
  created_at: '2024-03-05T10:20:30.000Z',
};
const broker = { id: 1, name: 'Broker One', affiliate_companies: [] };
const otherBroker = { id: 2, name: 'Broker Two', affiliate_companies: [] };

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(url: string, list: TestReply = pageOf([attempt])) {
  const http = stubApi({
    'GET /lead/history/send': list,
    'GET /broker/department/all': {
      status: 200,
      data: {
        data: [
          { id: 3, branch_name: 'Berlin', broker_id: broker },
          { id: 4, branch_name: 'Madrid', broker_id: otherBroker },
        ],
      },
    },
    'GET /broker/all': { status: 200, data: { data: [broker, otherBroker] } },
    'GET /lead/history/send/failure/statuses': { status: 200, data: ['duplicate', 'timeout'] },
  });
  const permissions = ['lead.history.view', 'lead.single.view', 'options.broker_departments.all', 'options.brokers.all', 'options.statuses.sendHistoryFailure'];
  renderWithProviders(
    <>
      <LeadHistoryPage />
      <Location />
    </>,
    { session: signedInSession(permissions), initialEntries: [url] },
  );
  return http;
}

const listRequests = (http: ReturnType<typeof renderPage>) => http.adapter.requests.filter((request) => request.url === '/lead/history/send');
const search = () => new URLSearchParams(screen.getByTestId('location').textContent ?? '');

test('the filters come from the URL, and each change goes back into it from page 1', async () => {
  const http = renderPage('/lead/history/search?state=failure&department_id=3&page=2&department_id=x');
  const screenCard = await screen.findByTestId('send-history-screen');

  await waitFor(() => expect(listRequests(http)[0]?.params).toMatchObject({ state: 'failure', department_id: 3, page: 2 }));
  expect(within(screenCard).getByText('Broker One - Berlin', { selector: '.ant-select-content-value, .ant-select-selection-item, [title]' })).toBeInTheDocument();

  await user.click(within(screenCard).getByLabelText('Failure status', { selector: 'input' }));
  await user.click((await screen.findAllByText('timeout', { selector: '.ant-select-item-option-content' })).at(-1)!);
  await waitFor(() => expect(search().get('failure_status')).toBe('timeout'));
  expect(search().get('state')).toBe('failure');
  expect(search().get('page')).toBeNull();
  await waitFor(() => expect(listRequests(http).at(-1)?.params).toMatchObject({ state: 'failure', department_id: 3, failure_status: 'timeout', page: 1 }));

  // A date box shows no placeholder: each end of the range says which it is.
  expect(within(screenCard).getByText('From')).toBeVisible();
  expect(within(screenCard).getByText('To')).toBeVisible();
  // The calendar opens on this month: today's cell is titled by its day.
  const today = new Date().toLocaleDateString('en-CA');
  await user.click(within(screenCard).getByLabelText('From'));
  await user.click(await screen.findByTitle(today));
  await user.type(within(screenCard).getByLabelText('Lead', { selector: 'input' }), 'L-0099{Enter}');
  await waitFor(() => expect(search().get('lead')).toBe('L-0099'));
  expect(search().get('from')).toBe(today);
  await waitFor(() => expect(listRequests(http).at(-1)?.params).toMatchObject({ lead: 'L-0099', from: today }));

  await user.click(within(screenCard).getByTestId('history-filter-clear'));
  await waitFor(() => expect(search().toString()).toBe(''));
});

test('with a broker chosen, the department list offers only its departments', async () => {
  renderPage('/lead/history/search?broker_id=1');
  const screenCard = await screen.findByTestId('send-history-screen');

  await user.click(within(screenCard).getByLabelText('Department', { selector: 'input' }));

  expect(await screen.findByText('Broker One - Berlin', { selector: '.ant-select-item-option-content' })).toBeInTheDocument();
  expect(screen.queryByText('Broker Two - Madrid', { selector: '.ant-select-item-option-content' })).not.toBeInTheDocument();
});

test('each attempt links to its lead and opens its request and response', async () => {
  renderPage('/lead/history/search');
  const link = await screen.findByTestId('history-lead-31');
  expect(link).toHaveAttribute('href', '/lead/single/99');
  const row = link.closest('tr')!;
  expect(within(row).getByTestId('history-state-31')).toHaveTextContent('Failure');
  expect(within(row).getByText('2.4 s')).toBeInTheDocument();

  await user.click(within(row).getByLabelText('View'));

  expect(await screen.findByTestId('history-request')).toHaveTextContent('"password": "[REDACTED]"');
  expect(screen.getByTestId('history-response')).toHaveTextContent('"error": "already registered"');
  expect(within(screen.getByTestId('history-details')).getByText('Broker One API')).toBeInTheDocument();
});

test('the exact total reads "N send attempts"', async () => {
  renderPage('/lead/history/search');
  expect(await screen.findByTestId('history-total')).toHaveTextContent('1 send attempt');
});

test('an estimated total reads "about N"', async () => {
  const estimated = { current_page: 1, per_page: 25, total: 2_400_000, last_page: 96_000, total_estimated: true, total_lower_bound: false };
  renderPage('/lead/history/search', { status: 200, data: { data: [attempt], meta: estimated } });
  const total = await screen.findByTestId('history-total');
  expect(total).toHaveTextContent('about 2,400,000 send attempts (estimated)');
  expect(total).toHaveAttribute('data-kind', 'estimated');
});

test('a total counted past the cap whose estimate came out lower reads "more than" the cap', async () => {
  const atLeast = { current_page: 1, per_page: 25, total: 10_001, last_page: 401, total_estimated: true, total_lower_bound: true };
  renderPage('/lead/history/search', { status: 200, data: { data: [attempt], meta: atLeast } });
  expect(await screen.findByTestId('history-total')).toHaveTextContent(/^more than 10,000 send attempts$/);
});
