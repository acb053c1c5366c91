import toast from 'react-hot-toast';
import { setRuntimeConfig } from '@crm/shared';
import type { ExportSetting, Job } from '@crm/shared/contract';
import { configure, jobFixture, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within, type StubReply } from '@crm/shared/testing';
import '../../../../i18n/index.ts';
import { ExportButton } from '../ExportButton.tsx';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));
// Whole antd dialogs in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
// The pointer-events check walks computed styles up the tree: seconds per click under antd's CSS-in-JS.
const user = userEvent.setup({ pointerEventsCheck: 0 });

const apiBaseUrl = 'https://api.crm.example.com/api';
beforeAll(() => setRuntimeConfig({ apiBaseUrl, remotes: {}, remoteEntryTimeoutMs: 1_000, chunkLoadTimeoutMs: 1_000, pageLoadDelayMs: 0 }));

const setting = (id: number, name: string, columns: string[]): ExportSetting =>
  ({ id, name, columns, user_ids: [], created_at: '2024-03-05T10:20:30.000Z', updated_at: '2024-03-05T10:20:30.000Z' }) as ExportSetting;
const job = (overrides: Partial<Job>): Job => jobFixture({ id: 42, type: 'lead.export', name: 'Export leads', ...overrides });
const started: StubReply = { status: 202, data: { message: 'The export has started.', data: job({}) } };

test('shows nothing without lead.export, nor when the export lead setting is hidden from the user', () => {
  const cases: [string[], boolean][] = [
    [['lead.view'], false],
    [['lead.export', 'hide.non_privileged'], false],
    [['lead.export', 'hide.non_privileged', 'lead.settings.export'], true],
    [['lead.export'], true],
  ];
  for (const [permissions, shown] of cases) {
    const { unmount } = renderWithProviders(<ExportButton selected={[]} filters={{}} />, { session: signedInSession(permissions) });
    expect(screen.queryByTestId('lead-export-open') !== null).toBe(shown);
    unmount();
  }
});

test('exports everything the filters match: the request, the progress, then the link to the file', async () => {
  const polls = [job({ status: 'running', total: 200, processed: 100, progress: 50 })];
  const finished = job({
    status: 'finished',
    progress: 100,
    result: { file_name: 'leads-2024-03-05-42.xlsx', rows: 200, download_url: '/api/lead/export/42/download?token=abc', expires_at: '2024-03-06T10:20:30.000Z' },
  });
  const http = stubApi({
    'GET /lead/export/settings/mine': { status: 200, data: { data: [setting(3, 'All columns', ['lead_id', 'email']), setting(4, 'Contacts', ['email'])] } },
    'POST /lead/export': started,
    'GET /lead/export/42': () => ({ status: 200, data: { data: polls.shift() ?? finished } }),
  });
  renderWithProviders(<ExportButton selected={[]} filters={{ status_id: '1,2', search: 'anna' }} sort={{ sort: 'id', direction: 'asc' }} />, { session: signedInSession(['lead.export']) });

  await user.click(screen.getByTestId('lead-export-open'));
  const dialog = await screen.findByTestId('lead-export-modal');
  expect(within(dialog).getByTestId('lead-export-scope')).toHaveTextContent('All leads matching the current filters');
  await user.click(within(within(dialog).getByTestId('lead-export-format')).getByText('Excel (XLSX)'));
  expect(await within(within(dialog).getByTestId('lead-export-setting')).findByText('All columns')).toBeInTheDocument();
  await user.click(within(dialog).getByTestId('lead-export-start'));

  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'post')).toBe(true));
  const post = http.adapter.requests.find((request) => request.method === 'post')!;
  expect(requestBody(post)).toEqual({ format: 'xlsx', export_setting_id: 3, filters: { status_id: '1,2', search: 'anna', sort: 'id', direction: 'asc' } });
  expect(toast.success).toHaveBeenCalledWith('The export has started.');
  expect(await screen.findByText('Exporting: 100 of 200 leads')).toBeInTheDocument();
  expect(screen.getByTestId('lead-export-progress')).toBeInTheDocument();

  const link = await screen.findByTestId('lead-export-download');
  expect(link).toHaveAttribute('href', `${apiBaseUrl}/lead/export/42/download?token=abc`);
  expect(link).toHaveTextContent('Download leads-2024-03-05-42.xlsx');
  expect(screen.getByText('200 leads exported.')).toBeInTheDocument();
  const polled = http.adapter.requests.filter((request) => request.url === '/lead/export/42').length;
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(http.adapter.requests.filter((request) => request.url === '/lead/export/42')).toHaveLength(polled);
});

test('a new setting keeps its columns in the order picked, and a selection is exported by id', async () => {
  // A fresh array per answer: the store freezes what it is given.
  let offered: ExportSetting[] = [];
  const created = setting(7, 'Mailing', ['email', 'lead_id']);
  const http = stubApi({
    'GET /lead/export/settings/mine': () => ({ status: 200, data: { data: [...offered] } }),
    'GET /lead/export/settings': () => pageOf([...offered]),
    'POST /lead/export/settings': () => {
      offered = [...offered, created];
      return { status: 201, data: { message: 'Setting successfully created', data: created } };
    },
    'POST /lead/export': started,
    'GET /lead/export/42': { status: 200, data: { data: job({ status: 'running' }) } },
  });
  renderWithProviders(<ExportButton selected={[9, 5]} filters={{ status_id: '1' }} />, { session: signedInSession(['lead.export']) });

  await user.click(screen.getByTestId('lead-export-open'));
  const dialog = await screen.findByTestId('lead-export-modal');
  expect(within(dialog).getByTestId('lead-export-scope')).toHaveTextContent('The selected leads (2)');
  expect(await within(dialog).findByText(/No export setting is offered to you yet/)).toBeInTheDocument();
  expect(within(dialog).getByTestId('lead-export-start')).toBeDisabled();

  await user.click(within(dialog).getByText('Manage export settings'));
  await user.click(await within(dialog).findByTestId('lead-export-settings-new'));
  const form = await within(dialog).findByTestId('export-setting-form');
  await user.type(form.querySelector<HTMLInputElement>('#export-setting_name')!, 'Mailing');
  await user.click(form.querySelector<HTMLInputElement>('#export-setting_columns')!);
  for (const label of ['Email', 'Lead ID']) {
    const options = await screen.findAllByText(label, { selector: '.ant-select-item-option-content' });
    await user.click(options.at(-1)!);
  }
  await user.click(within(form).getByTestId('export-setting-save'));

  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'post' && request.url === '/lead/export/settings')).toBe(true));
  const saved = http.adapter.requests.find((request) => request.url === '/lead/export/settings' && request.method === 'post')!;
  expect(requestBody(saved)).toEqual({ name: 'Mailing', columns: ['email', 'lead_id'], user_ids: [] });
  await waitFor(() => expect(within(dialog).queryByTestId('export-setting-form')).not.toBeInTheDocument());
  expect(toast.success).toHaveBeenCalledWith('Setting successfully created');

  await waitFor(() => expect(within(dialog).getByTestId('lead-export-start')).toBeEnabled());
  await user.click(within(dialog).getByTestId('lead-export-start'));
  await waitFor(() => expect(http.adapter.requests.some((request) => request.url === '/lead/export')).toBe(true));
  const post = http.adapter.requests.find((request) => request.url === '/lead/export')!;
  expect(requestBody(post)).toEqual({ format: 'csv', export_setting_id: 7, filters: {}, lead_ids: [9, 5] });
});
