import toast from 'react-hot-toast';
import { configure, formItemOf, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within, type StubReply } from '@crm/shared/testing';
import type { LeadStatusSettingItem } from '@crm/shared/contract';
import LeadStatusSettingsPage from '../../../exposes/LeadStatusSettingsPage.tsx';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));
// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
// The pointer-events check walks computed styles up the tree: seconds per click under antd's CSS-in-JS.
const user = userEvent.setup({ pointerEventsCheck: 0 });

const cell = (id: number, name: string) => ({ id, name, bg_color: '#eeeeee', text_color: '#111111' });
const rule: LeadStatusSettingItem = {
  id: 8,
  condition_status_id: 10,
  last_status_id: 11,
  condition_status: cell(10, 'New'),
  last_status: cell(11, 'No answer'),
  duration_day: 7,
  ignore_duration: false,
  created_at: '2024-03-05T10:20:30.000Z',
  updated_at: '2024-03-05T10:20:30.000Z',
};
const all = ['view', 'create', 'update', 'delete', 'run'].map((action) => `lead.statusSetting.${action}`);
const statuses = [
  { id: 10, name: 'New', class: 'lead', in_import: true, bgColor: '#eeeeee', textColor: '#111111' },
  { id: 11, name: 'No answer', class: 'lead', in_import: true, bgColor: '#eeeeee', textColor: '#111111' },
  { id: 12, name: 'Bounced', class: 'email', in_import: false, bgColor: '#000000', textColor: '#ffffff' },
];

function renderPage(permissions: string[], replies: Record<string, StubReply> = {}) {
  const http = stubApi({
    'GET /lead/status/settings': pageOf([rule]),
    'GET /settings/status/all': { status: 200, data: { data: statuses } },
    ...replies,
  });
  renderWithProviders(<LeadStatusSettingsPage />, { session: signedInSession([...permissions, 'options.statuses.all']) });
  return http;
}

async function choose(scope: HTMLElement, label: string, option: string) {
  await user.click(within(scope).getByLabelText(label, { selector: 'input' }));
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await user.click(options.at(-1)!);
}

const field = (form: HTMLElement, label: string) => formItemOf(within(form).getByLabelText(label, { selector: 'input, button' }));

test('lists each rule as condition → last status with its duration', async () => {
  renderPage(['lead.statusSetting.view']);
  const row = (await screen.findByText('No answer')).closest('tr')!;
  expect(within(row).getByText('New')).toBeInTheDocument();
  expect(within(row).getByText('7 days')).toBeInTheDocument();
  expect(screen.queryByTestId('rules-run-now')).not.toBeInTheDocument();
  expect(screen.queryByTestId('rules-create')).not.toBeInTheDocument();
});

test('the form refuses one status twice and a missing duration unless the duration is ignored', async () => {
  const http = renderPage(all, { 'POST /lead/status/settings': { status: 201, data: { message: 'Rule created', data: rule } } });
  await user.click(await screen.findByTestId('rules-create'));
  const form = await screen.findByTestId('rules-form');

  await choose(form, 'Condition status', 'New');
  await choose(form, 'Last status', 'New');
  await user.clear(within(form).getByLabelText('Duration in days'));
  await user.click(within(form).getByText('Save'));

  expect(await within(field(form, 'Last status')).findByText('The last status must differ from the condition status.')).toBeInTheDocument();
  expect(within(field(form, 'Duration in days')).getByText('The duration is a whole number of days, at least 1, unless the duration is ignored.')).toBeInTheDocument();
  expect(screen.queryByText('Bounced', { selector: '.ant-select-item-option-content' })).not.toBeInTheDocument();
  expect(http.adapter.requests.some((request) => request.method === 'post')).toBe(false);

  await choose(form, 'Last status', 'No answer');
  await user.click(within(form).getByLabelText('Ignore duration'));
  await user.click(within(form).getByText('Save'));

  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'post')).toBe(true));
  const post = http.adapter.requests.find((request) => request.method === 'post')!;
  expect(requestBody(post)).toEqual({ condition_status_id: 10, last_status_id: 11, duration_day: 0, ignore_duration: true });
  expect(toast.success).toHaveBeenCalledWith('Rule created');
  await waitFor(() => expect(screen.queryByTestId('rules-form')).not.toBeInTheDocument());
});

test('a part of a day is refused under the field, not rounded', async () => {
  const http = renderPage(all);
  await user.click(await screen.findByLabelText('Edit'));
  const form = await screen.findByTestId('rules-form');
  const duration = within(form).getByLabelText('Duration in days');

  await user.clear(duration);
  await user.type(duration, '1.5');
  await user.click(within(form).getByText('Save'));

  expect(await within(field(form, 'Duration in days')).findByText('The duration is a whole number of days, at least 1, unless the duration is ignored.')).toBeInTheDocument();
  expect(duration).toHaveValue('1.5');
  expect(http.adapter.requests.some((request) => request.method === 'put')).toBe(false);
});

test('the server refusing an edit shows its message under the field', async () => {
  const message = 'A rule for this condition status already exists.';
  const http = renderPage(all, { 'PUT /lead/status/settings/8': { status: 422, data: { message, errors: { condition_status_id: [message] } } } });
  await user.click(await screen.findByLabelText('Edit'));
  const form = await screen.findByTestId('rules-form');

  await user.click(within(form).getByText('Save'));

  expect(await within(field(form, 'Condition status')).findByText(message)).toBeInTheDocument();
  const put = http.adapter.requests.find((request) => request.method === 'put')!;
  expect(requestBody(put)).toEqual({ condition_status_id: 10, last_status_id: 11, duration_day: 7, ignore_duration: false });
  expect(toast.error).not.toHaveBeenCalled();
});

test('run now starts the job, says so and links to the jobs page', async () => {
  const job = { id: 42, type: 'status_rules', name: 'Lead status rules', status: 'pending', total: 0, pending: 0, processed: 0, failed: 0, progress: 0 };
  const http = renderPage([...all, 'user.profile.job.view'], { 'POST /lead/status/settings/run': { status: 202, data: { message: 'Status rules job queued', data: job } } });

  await user.click(await screen.findByTestId('rules-run-now'));

  expect(await screen.findByTestId('rules-run-started')).toHaveTextContent('The status rules job #42 has started.');
  expect(screen.getByTestId('rules-run-jobs-link')).toHaveAttribute('href', '/profile/jobs');
  expect(toast.success).toHaveBeenCalledWith('Status rules job queued');
  expect(http.adapter.requests.filter((request) => request.url === '/lead/status/settings/run')).toHaveLength(1);
});
