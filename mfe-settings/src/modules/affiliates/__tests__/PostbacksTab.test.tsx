import { configure, installTestHttpClient, renderWithProviders, requestBody, screen, signedInSession, userEvent, waitFor, within, type TestReply } from '@crm/shared/testing';
import type { InternalAxiosRequestConfig } from 'axios';
import { RemotePage } from '../../../RemotePage.ts';
import { PostbacksTab } from '../PostbacksTab.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const accepted = {
  id: 3,
  affiliate_company_id: 7,
  event: 'accepted',
  method: 'GET',
  url_template: 'https://tracker.test/pb?click={click_id}&e={event}',
  is_active: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
};
const delivery = {
  event_id: 41,
  event: 'accepted',
  lead: { id: 99, lead_id: 'L0000000099' },
  state: 'failed',
  attempts: 12,
  due_at: '2026-11-20T10:00:00.000Z',
  next_attempt_at: null,
  delivered_at: null,
  last_status: 500,
  last_error: 'HTTP 500',
  created_at: '2026-11-20T10:00:00.000Z',
};
const all = ['view', 'create', 'update', 'delete'].map((action) => `settings.affiliatePostback.${action}`);
const page = (data: unknown[]) => ({ status: 200, data: { data, meta: { current_page: 1, per_page: 25, total: data.length, last_page: 1 } } });

function renderTab(permissions: string[], write: (request: InternalAxiosRequestConfig) => TestReply = () => ({ status: 201, data: { message: 'Postback saved.', data: accepted } })) {
  const http = installTestHttpClient((request) => {
    if (request.method !== 'get') return write(request);
    if (request.url === '/settings/affiliate/company/7/postback') return { status: 200, data: { data: [accepted] } };
    return page([delivery]);
  });
  const view = renderWithProviders(
    <RemotePage>
      <PostbacksTab companyId={7} />
    </RemotePage>,
    { session: signedInSession(permissions) },
  );
  return { ...view, http };
}

/** The row of an event, once the templates have come (the rows are there before, each "not set"). */
const rowOf = async (event: string) => {
  await screen.findByText(accepted.url_template);
  return within(screen.getByTestId('postback-templates')).getByText(event).closest('tr')!;
};

test('one row per event, the delivery log below; a viewer gets no buttons', async () => {
  renderTab(['settings.affiliatePostback.view']);
  expect(within(await rowOf('Lead accepted')).getByText(accepted.url_template)).toBeInTheDocument();
  expect(within(await rowOf('FTD')).getByText('Not set')).toBeInTheDocument();
  const log = screen.getByTestId('postback-delivery-log');
  const logRow = (await within(log).findByText('L0000000099')).closest('tr')!;
  expect(within(logRow).getByText('Failed')).toBeInTheDocument();
  expect(within(logRow).getByText('HTTP 500')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Set up' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send test postback' })).not.toBeInTheDocument();
});

test('set up an event: method and URL template with the macros listed; the server 422 under the field', async () => {
  const { http } = renderTab(all, () => ({
    status: 422,
    data: { message: 'The URL template has an unknown macro {clickid}', errors: { url_template: ['The URL template has an unknown macro {clickid}'] } },
  }));
  await userEvent.click(within(await rowOf('Public status changed')).getByRole('button', { name: 'Set up' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByTestId('postback-macros')).toHaveTextContent('{event_id}');
  await userEvent.type(within(dialog).getByLabelText('URL template'), 'https://tracker.test/s?c={{clickid}');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('The URL template has an unknown macro {clickid}')).toBeInTheDocument();
  const post = http.adapter.requests.find((request) => request.method === 'post');
  expect(post?.url).toBe('/settings/affiliate/company/7/postback');
  expect(post && requestBody(post)).toEqual({ event: 'status', method: 'GET', url_template: 'https://tracker.test/s?c={clickid}', is_active: true });
});

test('send test postback shows the outcome: status, time and the start of the body', async () => {
  const { http } = renderTab(all, () => ({
    status: 200,
    data: {
      data: {
        method: 'GET',
        url: 'https://tracker.test/pb?click=test-click-id&e=accepted',
        delivered: false,
        status: 503,
        duration_ms: 42,
        body_excerpt: 'Down for maintenance',
        error: 'HTTP 503',
      },
    },
  }));
  await userEvent.click(within(await rowOf('Lead accepted')).getByRole('button', { name: 'Send test postback' }));
  const outcome = await screen.findByTestId('postback-test-outcome');
  expect(outcome).toHaveTextContent('Lead accepted: not delivered — HTTP 503 in 42 ms');
  expect(outcome).toHaveTextContent('Down for maintenance');
  expect(http.adapter.requests.some((request) => request.method === 'post' && request.url === '/settings/affiliate/postback/3/test')).toBe(true);
});

test('the delivery log filters by event and state', async () => {
  const { http } = renderTab(all);
  const log = await screen.findByTestId('postback-delivery-log');
  await userEvent.click(within(log).getByRole('combobox', { name: 'State' }));
  await userEvent.click(await screen.findByText('Failed', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(http.adapter.requests.filter((request) => request.url === '/settings/affiliate/company/7/postback/delivery').at(-1)?.params).toMatchObject({ state: 'failed' }));
});
