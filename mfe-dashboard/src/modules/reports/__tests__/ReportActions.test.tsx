import toast from 'react-hot-toast';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReportPreset } from '@crm/shared/contract';
import { formItemOf, requestBody, screen, userEvent, waitFor, within } from '@crm/shared/testing';
import { captureDownloads, inTimeZone, presetsAnswer, renderReports, reportAnswer, reportFixture, weekByCompanyAndCountry } from '../../../testing/reportFixtures.tsx';

jest.mock('react-apexcharts', () => jest.requireActual('../../../testing/apexChartsStub.tsx'));
jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));

jest.setTimeout(60_000);

const user = userEvent.setup({ pointerEventsCheck: 0 });
const currentSearch = () => screen.getByTestId('current-search').textContent;
const shownQuery = weekByCompanyAndCountry.replace('/reports?', '');

test('Export CSV and Export XLSX download the report of the query on show, through the API client', async () => {
  const saved = captureDownloads();
  inTimeZone('Europe/Berlin');
  const { http } = renderReports({
    'GET /reports': reportAnswer(reportFixture()),
    'GET /reports/export': (request) => ({ status: 200, data: new Blob([`file as ${String((request.params as Record<string, unknown>)['format'])}`]) }),
  });
  await screen.findByTestId('reports-table');

  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  const exports = () => http.adapter.requests.filter((request: InternalAxiosRequestConfig) => request.url === '/reports/export');
  expect(exports()[0]?.params).toEqual({ from: '2026-03-01', to: '2026-03-07', time_zone: 'Europe/Berlin', group_by: 'affiliate_company,country', format: 'csv' });
  expect(exports()[0]?.responseType).toBe('blob');
  expect(saved[0]?.name).toBe('report_2026-03-01_2026-03-07.csv');

  await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(exports()[1]?.params).toMatchObject({ format: 'xlsx' });
  expect(saved[1]?.name).toBe('report_2026-03-01_2026-03-07.xlsx');
  // Done: the button is ready for another export.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Export XLSX' })).not.toHaveClass('ant-btn-loading'));
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  expect(await saved[0]?.file.text()).toBe('file as csv');
});

test("the export asks for the table's sort, and the report's own order once the sort is cleared", async () => {
  const saved = captureDownloads();
  const { http } = renderReports({ 'GET /reports': reportAnswer(reportFixture()), 'GET /reports/export': { status: 200, data: new Blob(['file']) } });
  await screen.findByTestId('reports-table');
  const exports = () => http.adapter.requests.filter((request: InternalAxiosRequestConfig) => request.url === '/reports/export').map((request) => request.params as object);

  const accepted = screen.getByText('Accepted', { selector: 'th *' });
  await user.click(accepted);
  await user.click(accepted);
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(exports()[0]).toMatchObject({ group_by: 'affiliate_company,country', format: 'csv', sort: 'accepted', order: 'desc' });

  await user.click(screen.getByText('Country', { selector: 'th *' }));
  await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(exports()[1]).toMatchObject({ sort: 'country', order: 'asc' });

  // A third click clears a column's sort: the file is in the report's order again.
  await user.click(screen.getByText('Country', { selector: 'th *' }));
  await user.click(screen.getByText('Country', { selector: 'th *' }));
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saved).toHaveLength(3));
  expect(exports()[2]).not.toHaveProperty('sort');
});

test("a refused export tells the API's message, read from the file body it came as", async () => {
  const saved = captureDownloads();
  renderReports({
    'GET /reports': reportAnswer(reportFixture()),
    'GET /reports/export': { status: 422, data: new Blob([JSON.stringify({ message: 'A report covers at most 400 days.' })], { type: 'application/json' }) },
  });
  await screen.findByTestId('reports-table');

  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('A report covers at most 400 days.'));
  expect(saved).toEqual([]);
});

const weeklyGermany: ReportPreset = { id: 4, name: 'Weekly DE', query: 'range=custom&from=2026-02-01&to=2026-02-07&group_by=country,day&metric=ftds' };

test('picking a saved report shows it: its query in the URL and asked for; Delete removes it', async () => {
  let presets = [weeklyGermany, { id: 5, name: 'Month by broker', query: 'range=month&group_by=broker&metric=delivered' }];
  const { http } = renderReports({
    'GET /reports': reportAnswer(reportFixture()),
    'GET /reports/presets': () => presetsAnswer(presets),
    'DELETE /reports/presets/4': () => {
      presets = presets.filter((preset) => preset.id !== 4);
      return { status: 200, data: { message: 'Deleted' } };
    },
  });
  await screen.findByTestId('reports-table');
  expect(screen.getByRole('button', { name: 'Delete saved report' })).toBeDisabled();

  await user.click(screen.getByRole('combobox', { name: 'Saved reports' }));
  await user.click(await screen.findByText('Weekly DE', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(currentSearch()).toBe(`?${weeklyGermany.query}`));
  await waitFor(() => expect(http.adapter.requests.at(-1)?.params).toMatchObject({ from: '2026-02-01', to: '2026-02-07', group_by: 'country,day' }));
  expect(formItemOf(screen.getByRole('combobox', { name: 'Chart metric' }))).toHaveTextContent('FTDs');
  expect(formItemOf(screen.getByRole('combobox', { name: 'Saved reports' }))).toHaveTextContent('Weekly DE');

  await user.click(screen.getByRole('button', { name: 'Delete saved report' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Delete the saved report “Weekly DE”?');
  await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
  await waitFor(() => expect(http.adapter.requests.some((request) => request.method === 'delete' && request.url === '/reports/presets/4')).toBe(true));
  await waitFor(() => expect(formItemOf(screen.getByRole('combobox', { name: 'Saved reports' }))).not.toHaveTextContent('Weekly DE'));
  expect(toast.success).toHaveBeenCalledWith('Report “Weekly DE” deleted');
  // The report on show stays.
  expect(currentSearch()).toBe(`?${weeklyGermany.query}`);
});

test('Save report stores the query on show under a name, and then shows that preset as the one picked', async () => {
  let presets: ReportPreset[] = [];
  const { http } = renderReports({
    'GET /reports': reportAnswer(reportFixture()),
    'GET /reports/presets': () => presetsAnswer(presets),
    'POST /reports/presets': (request) => {
      const body = requestBody(request) as { name: string; query: string };
      presets = [{ id: 9, ...body }];
      return { status: 201, data: { data: presets[0] } };
    },
  });
  await screen.findByTestId('reports-table');

  await user.click(screen.getByRole('button', { name: 'Save report' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Name'), 'My week');
  await user.click(within(dialog).getByRole('button', { name: 'Save report' }));

  await waitFor(() => expect(http.adapter.requests.find((request) => request.method === 'post')).toBeDefined());
  expect(requestBody(http.adapter.requests.find((request) => request.method === 'post') as InternalAxiosRequestConfig)).toEqual({ name: 'My week', query: shownQuery });
  await waitFor(() => expect(formItemOf(screen.getByRole('combobox', { name: 'Saved reports' }))).toHaveTextContent('My week'));
  expect(toast.success).toHaveBeenCalledWith('Report “My week” saved');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a name the API refuses shows its message under the name, and the dialog stays', async () => {
  const message = 'The name must be at most 100 characters.';
  renderReports({
    'GET /reports': reportAnswer(reportFixture()),
    'POST /reports/presets': { status: 422, data: { message, errors: { name: [message] } } },
  });
  await screen.findByTestId('reports-table');

  await user.click(screen.getByRole('button', { name: 'Save report' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Name'), 'Too long');
  await user.click(within(dialog).getByRole('button', { name: 'Save report' }));

  await waitFor(() => expect(formItemOf(within(dialog).getByLabelText('Name'))).toHaveTextContent(message));
  expect(toast.error).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});
