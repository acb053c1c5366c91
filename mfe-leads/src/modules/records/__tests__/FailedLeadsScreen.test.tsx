import toast from 'react-hot-toast';
import { configure, formItemOf, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import type { FailedLeadItem } from '@crm/shared/contract';
import FailedLeadsPage from '../../../exposes/FailedLeadsPage.tsx';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));
// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
// The pointer-events check walks computed styles up the tree: seconds per click under antd's CSS-in-JS.
const user = userEvent.setup({ pointerEventsCheck: 0 });

const failed: FailedLeadItem = {
  id: 5,
  raw: { 'First Name': 'Ann', 'E-mail': 'ann@@example', phone: '', status: 'New', campaign: 'spring' },
  reason_code: 'INVALID',
  message: 'The email must be a valid email address.',
  source: { id: 1, name: 'Alpha Ads' },
  import_job_id: 12,
  import_row: 4,
  created_at: '2024-03-05T10:20:30.000Z',
  updated_at: '2024-03-05T10:20:30.000Z',
};
const permissions = ['failed.lead.view', 'failed.lead.update', 'failed.lead.delete', 'options.sources.all', 'options.statuses.all'];
const options = {
  'GET /settings/source/all': { status: 200, data: { data: [{ id: 1, name: 'Alpha Ads' }] } },
  'GET /settings/status/all': { status: 200, data: { data: [{ id: 10, name: 'New', class: 'lead', in_import: true, bgColor: '#fff', textColor: '#000' }] } },
};

function renderPage(retryReply: () => { status: number; data: unknown }, url = '/failed/lead/search') {
  let rows = [failed];
  const http = stubApi({
    ...options,
    'GET /lead/failed': () => pageOf(rows),
    'POST /lead/failed/5/retry': () => {
      const reply = retryReply();
      // As the API does: a success removes the row, a new failure rewrites its reason and message.
      rows = reply.status === 201 ? [] : [{ ...failed, reason_code: 'DUPLICATE', message: 'Same email as lead L-1' }];
      return reply;
    },
  });
  renderWithProviders(<FailedLeadsPage />, { session: signedInSession(permissions), initialEntries: [url] });
  return http;
}

async function openRetry() {
  await user.click(await screen.findByTestId('failed-retry-5'));
  return screen.findByTestId('failed-retry-modal');
}

test('fix and retry: the form is prefilled from the raw row; a success toasts and the row disappears', async () => {
  const http = renderPage(() => ({ status: 201, data: { message: 'Lead L-77 created', data: { id: 77, lead_id: 'L-77' } } }));
  const row = (await screen.findByTestId('failed-reason-5')).closest('tr')!;
  expect(within(row).getByText('Invalid')).toBeInTheDocument();
  expect(within(row).getByText('ann@@example')).toBeInTheDocument();

  const dialog = await openRetry();
  expect(within(dialog).getByLabelText('Name')).toHaveValue('Ann');
  expect(within(dialog).getByTestId('failed-retry-unmapped')).toHaveTextContent('campaign');
  const email = within(dialog).getByLabelText('Email');
  await user.clear(email);
  await user.type(email, 'ann@example.com');
  // The status given by name is matched once the status list has loaded.
  await waitFor(() => expect(within(dialog).getByTestId('failed-retry-form')).toHaveTextContent('New'));
  await user.click(within(dialog).getByText('Save and retry'));

  await waitFor(() => expect(screen.queryByTestId('failed-retry-5')).not.toBeInTheDocument());
  const post = http.adapter.requests.find((request) => request.method === 'post')!;
  expect(post.url).toBe('/lead/failed/5/retry');
  expect(requestBody(post)).toEqual({ name: 'Ann', email: 'ann@example.com', phone: null, source_id: 1, status_id: 10 });
  expect(toast.success).toHaveBeenCalledWith('Lead L-77 created');
  await waitFor(() => expect(screen.queryByTestId('failed-retry-modal')).not.toBeInTheDocument());
});

test('a retry that fails again shows the messages under the fields and the new reason', async () => {
  renderPage(() => ({ status: 422, data: { message: 'Same email as lead L-1', errors: { email: ['This email already belongs to lead L-1.'] } } }));
  const dialog = await openRetry();

  await user.click(within(dialog).getByText('Save and retry'));

  const email = within(dialog).getByLabelText('Email');
  expect(await within(formItemOf(email)).findByText('This email already belongs to lead L-1.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('failed-reason-5')).toHaveTextContent('Duplicate'));
  expect(within(dialog).getByTestId('failed-retry-reason')).toHaveTextContent('Same email as lead L-1');
  expect(screen.getByTestId('failed-retry-modal')).toBeInTheDocument();
  expect(toast.error).not.toHaveBeenCalled();
});

test('a lead needs an email or a phone before it is sent again', async () => {
  const http = renderPage(() => ({ status: 201, data: { message: 'never', data: { id: 1, lead_id: 'L-1' } } }));
  const dialog = await openRetry();

  await user.clear(within(dialog).getByLabelText('Email'));
  await user.click(within(dialog).getByText('Save and retry'));

  expect(await within(dialog).findByText('A lead needs an email or a phone.')).toBeInTheDocument();
  expect(http.adapter.requests.some((request) => request.method === 'post')).toBe(false);
});

test('the raw row opens in a drawer and delete asks first', async () => {
  const http = renderPage(() => ({ status: 201, data: {} }));
  await user.click(await screen.findByTestId('failed-raw-5'));
  expect(await screen.findByTestId('failed-raw-json')).toHaveTextContent('"E-mail": "ann@@example"');

  await user.click(screen.getByTestId('failed-delete-5'));
  await user.click(await screen.findByText('Yes'));
  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'delete' && request.url === '/lead/failed/5')).toBe(true));
});

test('the filters and the search are read from the URL, as a reload or a shared link opens them', async () => {
  const http = renderPage(() => ({ status: 201, data: {} }), '/failed/lead/search?reason_code=DUPLICATE&source_id=1&search=ann');
  await waitFor(() => expect(http.adapter.requests.some((request) => request.url === '/lead/failed')).toBe(true));
  const asked = http.adapter.requests.find((request) => request.url === '/lead/failed');
  expect(asked?.params).toMatchObject({ reason_code: 'DUPLICATE', source_id: 1, search: 'ann', page: 1 });
  expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
  expect(within(screen.getByTestId('failed-filter-reason')).getByText('Duplicate')).toBeInTheDocument();
});

test('bulk delete: the selected rows, or all the filtered list shows, each after a confirm naming how many', async () => {
  const http = stubApi({
    ...options,
    'GET /lead/failed': { status: 200, data: { data: [failed, { ...failed, id: 6 }], meta: { current_page: 1, per_page: 25, total: 40, last_page: 2 } } },
    'DELETE /lead/failed': { status: 200, data: { message: '2 failed leads deleted', data: { deleted: 2 } } },
  });
  renderWithProviders(<FailedLeadsPage />, { session: signedInSession(permissions), initialEntries: ['/failed/lead/search?reason_code=INVALID'] });
  const bulkBodies = () => http.adapter.requests.filter((request) => request.method === 'delete' && request.url === '/lead/failed').map(requestBody);

  await user.click(await screen.findByTestId('failed-delete-matching'));
  expect((await screen.findAllByText('Delete all 40 failed leads this list shows (every page)?'))[0]).toBeVisible();
  await user.click(screen.getByText('Yes'));
  await waitFor(() => expect(bulkBodies()).toEqual([{ filters: { reason_code: 'INVALID' } }]));

  const rows = await screen.findAllByRole('checkbox');
  await user.click(rows[1]!);
  await user.click(rows[2]!);
  await user.click(await screen.findByTestId('failed-delete-selected'));
  expect((await screen.findAllByText('Delete the 2 selected failed leads?'))[0]).toBeVisible();
  await user.click(screen.getAllByText('Yes').at(-1)!);
  await waitFor(() => expect(bulkBodies()).toHaveLength(2));
  expect(bulkBodies()[1]).toEqual({ ids: [5, 6] });
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 failed leads deleted'));
});
