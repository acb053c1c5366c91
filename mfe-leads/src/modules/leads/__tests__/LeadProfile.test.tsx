import { emitLiveSignal } from '@crm/shared';
import { act, configure, formItemOf, requestBody, screen, stubApi, waitFor, within, type TestClient } from '@crm/shared/testing';
import { calledStatus, chooseOption, everyLeadPermission, leadDetail, newStatus, renderLeadRoutes, user } from '../../../testing/leadTestKit.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const meta = (total: number) => ({ current_page: 1, per_page: 10, total, last_page: 1 });
const histories = {
  'GET /lead/5/histories/data': {
    status: 200,
    data: {
      data: [{ id: 1, field: 'email', old_value: 'old@example.com', new_value: 'ada5@example.com', user: { id: 1, name: 'Ada Admin' }, created_at: '2024-03-06T10:00:00.000Z' }],
      meta: meta(1),
    },
  },
  'GET /lead/5/histories/status': {
    status: 200,
    data: {
      data: [{ id: 2, from_status: calledStatus, to_status: newStatus, cause: 'rule', user: null, lead_status_setting_id: 3, job_id: null, created_at: '2024-03-06T11:00:00.000Z' }],
      meta: meta(1),
    },
  },
  'GET /lead/5/histories/send': {
    status: 200,
    data: {
      data: [
        {
          id: 3,
          lead: { id: 5, lead_id: 'L-5', name: 'Ada5', email: 'ada5@example.com' },
          department: { id: 8, label: 'Broker One - Berlin' },
          send_integration_id: 2,
          job_id: null,
          user: { id: 1, name: 'Ada Admin' },
          state: 'failure',
          failure_status: 'DUPLICATE_AT_BROKER',
          api_lead_id: null,
          request: { email: 'ada5@example.com', password: '[REDACTED]' },
          response: '{"error":"duplicate"}',
          duration_ms: 340,
          created_at: '2024-03-06T12:00:00.000Z',
        },
      ],
      meta: meta(1),
    },
  },
  'GET /lead/5/histories/broker': {
    status: 200,
    data: {
      data: [
        {
          id: 4,
          department: { id: 8, label: 'Broker One - Berlin' },
          channel: 'pull',
          api_lead_status: 'Deposited',
          api_ftd_at: '2024-03-07T09:00:00.000Z',
          payload: {},
          created_at: '2024-03-07T09:05:00.000Z',
        },
      ],
      meta: meta(1),
    },
  },
};

const calls = (api: TestClient, method: string, url: string) => api.adapter.requests.filter((request) => request.method === method && request.url === url);

test('shows every field in its group, deposit amount and brand name by those names, autologin in a new tab', async () => {
  stubApi({ 'GET /lead/5': { status: 200, data: { data: leadDetail(5, { purchase_amount: '6392.5' }) } }, ...histories });
  renderLeadRoutes('/lead/single/5');

  expect(await screen.findByTestId('lead-profile-title')).toHaveTextContent('Ada5 Lovelace');
  const purchase = within(screen.getByTestId('lead-card-purchase'));
  expect(purchase.getByText('Deposit amount')).toBeInTheDocument();
  expect(purchase.getByTestId('lead-value-purchase_amount')).toHaveTextContent('6,392.50');
  expect(purchase.getByText('Brand name')).toBeInTheDocument();
  expect(purchase.getByTestId('lead-value-product_name')).toHaveTextContent('GoldBrand');
  expect(within(screen.getByTestId('lead-card-contact')).getByTestId('lead-value-phone_normalized')).toHaveTextContent('+49301234567');
  expect(within(screen.getByTestId('lead-card-address')).getByTestId('lead-value-zip')).toHaveTextContent('10117');
  // Where the affiliate's lead came from: its click and sub ids.
  const origin = within(screen.getByTestId('lead-card-lead'));
  expect(origin.getByText('Click ID')).toBeInTheDocument();
  expect(origin.getByTestId('lead-value-click_id')).toHaveTextContent('clk-81');
  expect(origin.getByTestId('lead-value-sub1')).toHaveTextContent('banner-3');
  const statuses = within(screen.getByTestId('lead-card-statuses'));
  expect(within(statuses.getByTestId('lead-value-original_status')).getByText('Called')).toHaveStyle({ backgroundColor: '#00ff00' });
  expect(statuses.getByTestId('lead-value-email_status')).toHaveTextContent('Status not set');
  const broker = within(screen.getByTestId('lead-card-broker'));
  expect(broker.getByTestId('lead-value-api_lead_id')).toHaveTextContent('BRK-77');
  expect(broker.getByTestId('lead-value-last_department')).toHaveTextContent('Broker One - Berlin');
  const autologin = within(broker.getByTestId('lead-value-lead_url')).getByRole('link');
  expect(autologin).toHaveAttribute('href', 'https://broker.example/autologin?t=abc');
  expect(autologin).toHaveAttribute('target', '_blank');
  expect(autologin.getAttribute('rel')).toContain('noopener');
  expect(broker.getByTestId('lead-value-client_url')).toHaveTextContent('Not set');
});

test('each history tab loads its own page: data, status (as status cells), send (with request and response), broker', async () => {
  const api = stubApi({ 'GET /lead/5': { status: 200, data: { data: leadDetail(5) } }, ...histories });
  renderLeadRoutes('/lead/single/5');

  const data = within(await screen.findByTestId('lead-history-data'));
  expect(await data.findByText('old@example.com')).toBeInTheDocument();
  expect(data.getByText('Email')).toBeInTheDocument();
  expect(calls(api, 'get', '/lead/5/histories/data')[0]?.params).toEqual({ page: 1, per_page: 10 });
  expect(calls(api, 'get', '/lead/5/histories/status')).toHaveLength(0);

  await user.click(screen.getByTestId('lead-tab-status'));
  const status = within(await screen.findByTestId('lead-history-status'));
  expect(await status.findByText('Status rule')).toBeInTheDocument();
  expect(status.getByText('Called')).toHaveStyle({ backgroundColor: '#00ff00' });
  expect(status.getByText('System')).toBeInTheDocument();

  await user.click(screen.getByTestId('lead-tab-send'));
  const send = within(await screen.findByTestId('lead-history-send'));
  expect(await send.findByText('DUPLICATE_AT_BROKER')).toBeInTheDocument();
  expect(send.getByText('Failure')).toBeInTheDocument();
  expect(send.getByText('340 ms')).toBeInTheDocument();
  await user.click(send.getByRole('button', { name: /expand/i }));
  expect(await send.findByTestId('lead-send-request')).toHaveTextContent('"password": "[REDACTED]"');
  expect(send.getByTestId('lead-send-response')).toHaveTextContent('"error": "duplicate"');
  expect(send.queryByTestId('lead-requests-link')).not.toBeInTheDocument();

  await user.click(screen.getByTestId('lead-tab-broker'));
  const broker = within(await screen.findByTestId('lead-history-broker'));
  expect(await broker.findByText('Pulled')).toBeInTheDocument();
  expect(broker.getByText('Deposited')).toBeInTheDocument();
});

test('the send tab links to the request log narrowed to the lead, for those who may read the log', async () => {
  stubApi({ 'GET /lead/5': { status: 200, data: { data: leadDetail(5) } }, ...histories });
  renderLeadRoutes('/lead/single/5', [...everyLeadPermission, 'settings.request.view']);

  await user.click(await screen.findByTestId('lead-tab-send'));
  const send = within(await screen.findByTestId('lead-history-send'));
  expect(send.getByTestId('lead-requests-link')).toHaveAttribute('href', '/settings/requests?lead_id=5');
});

test('change status asks to confirm, calls the API, and refetches the lead and its histories', async () => {
  const api = stubApi({
    'GET /lead/5': { status: 200, data: { data: leadDetail(5) } },
    'PUT /lead/5/status': { status: 200, data: { message: 'Status changed.', data: leadDetail(5, { status: calledStatus, status_id: calledStatus.id }) } },
    ...histories,
  });
  renderLeadRoutes('/lead/single/5');
  await screen.findByText('old@example.com');
  const before = { lead: calls(api, 'get', '/lead/5').length, data: calls(api, 'get', '/lead/5/histories/data').length };

  expect(screen.getByTestId('lead-status-apply')).toBeDisabled();
  await chooseOption('lead-status-select', 'Called');
  await user.click(screen.getByTestId('lead-status-apply'));
  expect(calls(api, 'put', '/lead/5/status')).toHaveLength(0);
  await user.click(await screen.findByTestId('lead-status-confirm'));

  await waitFor(() => expect(calls(api, 'put', '/lead/5/status')).toHaveLength(1));
  expect(requestBody(calls(api, 'put', '/lead/5/status')[0]!)).toEqual({ status_id: 11 });
  await waitFor(() => expect(calls(api, 'get', '/lead/5/histories/data').length).toBeGreaterThan(before.data));
  expect(calls(api, 'get', '/lead/5').length).toBeGreaterThan(before.lead);
});

test('edit sends only what changed and shows the server refusal under its field', async () => {
  const api = stubApi({
    'GET /lead/5': { status: 200, data: { data: leadDetail(5) } },
    'PUT /lead/5': { status: 422, data: { message: 'This phone is blacklisted.', errors: { phone: ['This phone is blacklisted.'] } } },
    ...histories,
  });
  renderLeadRoutes('/lead/single/5');
  await user.click(await screen.findByTestId('lead-edit-open'));
  const form = within(await screen.findByTestId('lead-edit-modal'));
  expect(form.getByLabelText('Email')).toHaveValue('ada5@example.com');
  expect(form.queryByLabelText('Status')).not.toBeInTheDocument();

  await user.clear(form.getByLabelText('Phone'));
  await user.type(form.getByLabelText('Phone'), '+49 30 999');
  await user.clear(form.getByLabelText('City'));
  await user.click(within(screen.getByTestId('lead-edit-submit')).getByRole('button'));

  expect(await within(formItemOf(form.getByLabelText('Phone'))).findByText('This phone is blacklisted.')).toBeInTheDocument();
  expect(requestBody(calls(api, 'put', '/lead/5')[0]!)).toEqual({ phone: '+49 30 999', city: null });
});

test('delete confirms, deletes and goes back to the search', async () => {
  const api = stubApi({
    'GET /lead/5': { status: 200, data: { data: leadDetail(5) } },
    'DELETE /lead/5': { status: 200, data: { message: 'Lead deleted.' } },
    'GET /lead': { status: 200, data: { data: [], meta: { ...meta(0), total_estimated: false, total_lower_bound: false } } },
    ...histories,
  });
  renderLeadRoutes('/lead/single/5');
  await user.click(await screen.findByTestId('lead-delete'));
  await user.click(await screen.findByRole('button', { name: 'Yes' }));

  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/lead/search'));
  expect(calls(api, 'delete', '/lead/5')).toHaveLength(1);
});

test('a lead that does not exist, or an id that cannot be one, is "Lead not found"', async () => {
  const api = stubApi({});
  const view = renderLeadRoutes('/lead/single/404');
  expect(await screen.findByText('Lead not found')).toBeInTheDocument();
  expect(calls(api, 'get', '/lead/404')).toHaveLength(1);
  view.unmount();

  renderLeadRoutes('/lead/single/abc');
  expect(await screen.findByText('Lead not found')).toBeInTheDocument();
  expect(api.adapter.requests.filter((request) => request.url === '/lead/abc')).toHaveLength(0);
});

test('without the write permissions the profile shows no actions and the tags read-only', async () => {
  stubApi({ 'GET /lead/5': { status: 200, data: { data: leadDetail(5) } }, ...histories });
  renderLeadRoutes('/lead/single/5', ['lead.view', 'lead.single.view']);
  const tags = await screen.findByTestId('lead-value-tags');
  expect(tags).toHaveTextContent('VIP');
  expect(screen.queryByTestId('lead-tags-save')).not.toBeInTheDocument();
  expect(screen.queryByTestId('lead-edit-open')).not.toBeInTheDocument();
  expect(screen.queryByTestId('lead-status-apply')).not.toBeInTheDocument();
  expect(screen.queryByTestId('lead-delete')).not.toBeInTheDocument();
});

test('a live event naming the lead reads it again (a postback moved it elsewhere); one naming other leads does not', async () => {
  let reads = 0;
  const api = stubApi({
    'GET /lead/5': () => {
      reads += 1;
      return { status: 200, data: { data: leadDetail(5, { api_lead_id: `BRK-${reads}` }) } };
    },
    ...histories,
  });
  renderLeadRoutes('/lead/single/5');
  const brokerId = async () => within(screen.getByTestId('lead-card-broker')).findByTestId('lead-value-api_lead_id');
  await screen.findByTestId('lead-profile-title');
  expect(await brokerId()).toHaveTextContent('BRK-1');

  act(() => emitLiveSignal('lead', { ids: [4, 6] }));
  // Past the entry's refetch spacing (250 ms): a refetch asked for would have gone out.
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  expect(calls(api, 'get', '/lead/5')).toHaveLength(1);
  act(() => emitLiveSignal('lead', { ids: [6, 5] }));
  await waitFor(async () => expect(await brokerId()).toHaveTextContent('BRK-2'));
  // The profile's one read per event naming it, and its data history tab read again as well.
  expect(calls(api, 'get', '/lead/5')).toHaveLength(2);
  await waitFor(() => expect(calls(api, 'get', '/lead/5/histories/data')).toHaveLength(2));
});
