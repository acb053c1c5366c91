import toast from 'react-hot-toast';
import type { Job } from '@crm/shared/contract';
import { configure, jobFixture, renderWithProviders, requestBody, screen, signedInSession, stubApi, waitFor, within, type TestClient } from '@crm/shared/testing';
import '../../../../i18n/index.ts';
import { chooseOption, everyLeadPermission, leadDetail, leadItem, pageReply, renderLeadRoutes, user } from '../../../../testing/leadTestKit.tsx';
import { SendButton } from '../SendButton.tsx';
import { searchSendScope } from '../sendRequest.ts';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));
// Whole antd dialogs in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const sender = ['lead.view', 'lead.send', 'options.brokers.send', 'options.broker_departments.all', 'lead.history.view'];
const brokerOne = { id: 3, name: 'Broker One', affiliate_companies: [{ id: 2, name: 'Affiliates GmbH' }] };
const brokerTwo = { id: 4, name: 'Broker Two', affiliate_companies: [] };
const optionLists = {
  'GET /broker/all/for/send': { status: 200, data: { data: [brokerOne, brokerTwo] } },
  'GET /broker/department/all': {
    status: 200,
    data: {
      data: [
        { id: 8, branch_name: 'Berlin', broker_id: brokerOne },
        { id: 9, branch_name: 'Munich', broker_id: brokerTwo },
        { id: 10, branch_name: 'Hamburg', broker_id: brokerOne },
      ],
    },
  },
};
const job = (overrides: Partial<Job>): Job => jobFixture({ id: 42, type: 'lead.send', name: 'Send leads', total: 2, pending: 2, ...overrides });
const posts = (api: TestClient, url: string) => api.adapter.requests.filter((request) => request.method === 'post' && request.url === url);
const openOptions = () => [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')].map((option) => option.textContent);

test('shows Send only to holders of lead.send who are flagged as senders and see the send lead setting', () => {
  stubApi(optionLists);
  const cases: [string[], boolean, boolean][] = [
    [['lead.view'], true, false],
    [['lead.send'], false, false],
    [['lead.send', 'hide.non_privileged'], true, false],
    [['lead.send', 'hide.non_privileged', 'lead.settings.send'], true, true],
    [['lead.send'], true, true],
  ];
  for (const [permissions, isSender, shown] of cases) {
    const { unmount } = renderWithProviders(<SendButton scope={searchSendScope([], {}, 3, 'exact')} />, { session: signedInSession(permissions, { isSender }) });
    expect(screen.queryByTestId('lead-send-open') !== null).toBe(shown);
    unmount();
  }
});

test('the filter scope reads as the list total does: counted, estimated, or more than the cap', async () => {
  stubApi(optionLists);
  const cases = [
    [searchSendScope([], {}, 120, 'exact'), 'All 120 leads matching the current filter'],
    [searchSendScope([], {}, 12_345, 'estimated'), 'About 12,345 leads matching the current filter (estimated)'],
    [searchSendScope([], {}, 10_001, 'more_than'), 'More than 10,000 leads matching the current filter'],
  ] as const;
  for (const [scope, text] of cases) {
    const { unmount } = renderWithProviders(<SendButton scope={scope} />, { session: signedInSession(sender, { isSender: true }) });
    await user.click(screen.getByTestId('lead-send-open'));
    expect(within(await screen.findByTestId('lead-send-modal')).getByTestId('lead-send-scope')).toHaveTextContent(new RegExp(`^${text.replace(/[()]/g, '\\$&')}$`));
    unmount();
  }
});

test('sends the selection to the department of the chosen broker, follows the job, then shows the counts and the history link', async () => {
  const polls = [job({ status: 'running', processed: 1, pending: 1, progress: 50 })];
  const finished = job({ status: 'finished', processed: 2, pending: 0, progress: 100, result: { total: 2, sent: 1, failed: 0, skipped: 1 }, finished_at: '2024-03-05T10:21:00.000Z' });
  const api = stubApi({
    ...optionLists,
    'POST /lead/send': { status: 202, data: { data: job({}) } },
    'GET /lead/send/42': () => ({ status: 200, data: { data: polls.shift() ?? finished } }),
  });
  renderWithProviders(<SendButton scope={searchSendScope([9, 5], { status_id: '1' }, 120, 'exact')} />, { session: signedInSession(sender, { isSender: true }) });

  await user.click(screen.getByTestId('lead-send-open'));
  const dialog = await screen.findByTestId('lead-send-modal');
  expect(within(dialog).getByTestId('lead-send-scope')).toHaveTextContent('The selected leads (2)');
  expect(within(screen.getByTestId('lead-send-department')).getByRole('combobox')).toBeDisabled();
  expect(screen.getByTestId('lead-send-submit')).toBeDisabled();

  await chooseOption('lead-send-broker', 'Broker One - Affiliates GmbH');
  await user.click(within(screen.getByTestId('lead-send-department')).getByRole('combobox'));
  // Only the chosen broker's departments, labelled with the broker label and the branch.
  await waitFor(() => expect(openOptions()).toEqual(expect.arrayContaining(['Broker One - Affiliates GmbH - Berlin', 'Broker One - Affiliates GmbH - Hamburg'])));
  expect(openOptions()).not.toContain('Broker Two - Munich');
  await chooseOption('lead-send-department', 'Broker One - Affiliates GmbH - Berlin');
  await user.click(screen.getByTestId('lead-send-submit'));

  await waitFor(() => expect(posts(api, '/lead/send')).toHaveLength(1));
  expect(requestBody(posts(api, '/lead/send')[0]!)).toEqual({ broker_department_id: 8, lead_ids: [9, 5], filters: {} });
  expect(toast.success).toHaveBeenCalledWith('Sending has started.');
  expect(await screen.findByTestId('lead-send-progress')).toBeInTheDocument();
  expect(screen.queryByTestId('lead-send-submit')).not.toBeInTheDocument();

  const report = await screen.findByTestId('lead-send-report', {}, { timeout: 15_000 });
  expect(report).toHaveAttribute('data-sent', '1');
  expect(report).toHaveAttribute('data-failed', '0');
  expect(report).toHaveAttribute('data-skipped', '1');
  expect(screen.getByTestId('lead-send-progress')).toHaveAttribute('data-progress', '100');
  expect(screen.getByTestId('lead-send-history-link')).toHaveAttribute('href', '/lead/history/search?department_id=8');
  const polled = api.adapter.requests.filter((request) => request.url === '/lead/send/42').length;
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(api.adapter.requests.filter((request) => request.url === '/lead/send/42')).toHaveLength(polled);
});

test('from the lead search without a selection it sends the current filter, counted as the list counts it, and shows a refusal under the department', async () => {
  const api = stubApi({
    'GET /lead': pageReply([leadItem(1)], { total: 60_000 }),
    'GET /broker/all/for/send': { status: 200, data: { data: [{ id: 3, name: 'Broker One', affiliate_companies: [] }] } },
    'POST /lead/send': {
      status: 422,
      data: { message: 'The given data was invalid.', errors: { broker_department_id: ['This integration does not allow bulk sends'] } },
    },
  });
  renderLeadRoutes('/lead/search?status_id=10&search=anna', [...everyLeadPermission, ...sender], { isSender: true });

  await screen.findByTestId('lead-row');
  // A sender may send one lead from its row too (the actions column shows for the send permission).
  expect(screen.getByTestId('lead-row-send')).toBeInTheDocument();
  await user.click(screen.getByTestId('lead-send-open'));
  const dialog = await screen.findByTestId('lead-send-modal');
  expect(within(dialog).getByTestId('lead-send-scope')).toHaveTextContent('All 60,000 leads matching the current filter');
  expect(within(dialog).getByTestId('lead-send-capped')).toHaveTextContent('the newest 50,000 are sent');

  await chooseOption('lead-send-broker', 'Broker One');
  await chooseOption('lead-send-department', 'Broker One - Berlin');
  await user.click(screen.getByTestId('lead-send-submit'));

  expect(await within(screen.getByTestId('lead-send-department')).findByText('This integration does not allow bulk sends')).toBeInTheDocument();
  expect(requestBody(posts(api, '/lead/send')[0]!)).toEqual({ broker_department_id: 8, filters: { status_id: '10', search: 'anna' } });
  expect(toast.error).not.toHaveBeenCalled();
  expect(screen.queryByTestId('lead-send-progress')).not.toBeInTheDocument();
  expect(screen.getByTestId('lead-send-submit')).toBeEnabled();
});

test('a lead profile sends that one lead', async () => {
  const api = stubApi({
    'GET /lead/5': { status: 200, data: { data: leadDetail(5) } },
    'GET /broker/all/for/send': { status: 200, data: { data: [{ id: 3, name: 'Broker One', affiliate_companies: [] }] } },
    'POST /lead/send': { status: 202, data: { data: job({ total: 1 }) } },
    'GET /lead/send/42': { status: 200, data: { data: job({ status: 'running', total: 1 }) } },
  });
  renderLeadRoutes('/lead/single/5', [...everyLeadPermission, ...sender], { isSender: true });

  await user.click(await screen.findByTestId('lead-send-open'));
  expect(await screen.findByTestId('lead-send-scope')).toHaveTextContent('The lead L-5');
  await chooseOption('lead-send-broker', 'Broker One');
  await chooseOption('lead-send-department', 'Broker One - Berlin');
  await user.click(screen.getByRole('checkbox', { name: /resend leads whose earlier send there timed out/ }));
  await user.click(screen.getByTestId('lead-send-submit'));

  await waitFor(() => expect(posts(api, '/lead/send')).toHaveLength(1));
  expect(requestBody(posts(api, '/lead/send')[0]!)).toEqual({ broker_department_id: 8, lead_ids: [5], filters: {}, resend_unknown: true });
  // The job as the send answered it (pending), then as the first poll reads it.
  await waitFor(() => expect(screen.getByTestId('lead-send-progress')).toHaveAttribute('data-status', 'running'));
});
