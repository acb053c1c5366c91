import toast from 'react-hot-toast';
import type { InternalAxiosRequestConfig } from 'axios';
import { screen, userEvent, waitFor, within } from '@crm/shared/testing';
import { captureDownloads, inTimeZone, renderReports, reportAnswer, reportFixture } from '../../../testing/reportFixtures.tsx';
import { shaveAnswer, shaveWatchFixture } from '../../../testing/shaveFixtures.ts';

jest.mock('react-apexcharts', () => jest.requireActual('../../../testing/apexChartsStub.tsx'));
jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));

jest.setTimeout(60_000);

const user = userEvent.setup({ pointerEventsCheck: 0 });
const currentSearch = () => screen.getByTestId('current-search').textContent;
const table = () => screen.getByTestId('shave-table');
const bodyRows = () => [...table().querySelectorAll<HTMLElement>('tr.ant-table-row')];
const watchRequests = (http: ReturnType<typeof renderReports>['http']) =>
  http.adapter.requests.filter((request: InternalAxiosRequestConfig) => request.url === '/reports/shave-watch').map((request) => request.params as unknown);

test('?tab=shave shows the shave watch: the departments as the API sorts them, the flagged one tagged, rates, z and p', async () => {
  inTimeZone('Europe/Berlin');
  const { http } = renderReports({ 'GET /reports/shave-watch': shaveAnswer(shaveWatchFixture()) }, '/reports?tab=shave');

  await screen.findByTestId('shave-table');
  expect(screen.getByRole('tab', { name: 'Shave watch' })).toHaveAttribute('aria-selected', 'true');
  // No week named: the API's default, in the browser's zone.
  expect(watchRequests(http)).toEqual([{ time_zone: 'Europe/Berlin', horizon_days: 7 }]);
  expect(bodyRows().map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
    ['Shave One - Desk Falling', '40', '2', '5%', '30% (24 / 80)', 'z = -3.13, p = 0.00086', '30% (12 / 40)', 'z = -2.94, p = 0.0016', 'Flagged', 'CSVXLSX'],
    ['Shave Three - Desk Small', '10', '1', '10%', '— (0 / 0)', 'Not enough data', '— (0 / 0)', 'Not enough data', '', 'CSVXLSX'],
    ['Shave Two - Desk Peer', '60', '12', '20%', '— (0 / 0)', 'Not enough data', '5% (2 / 40)', 'Not enough data', '', 'CSVXLSX'],
  ]);
  const flags = within(table()).getAllByTestId('shave-flagged');
  expect(flags).toHaveLength(1);
  expect(flags[0]).toHaveClass('ant-tag-red');
  expect(within(bodyRows()[0]!).getByTestId('shave-flagged')).toHaveTextContent('Flagged');
  // The week the API chose is the one shown, and the test is stated.
  expect(screen.getByLabelText('Week')).toHaveValue('Mar 09, 2026 – Mar 15, 2026');
  const explanation = screen.getByTestId('shave-explanation').textContent ?? '';
  expect(explanation).toContain('one-sided two-proportion z-test, flagged at p < 0.01');
  expect(explanation).toContain('at least 30 leads on each side and 5 FTDs expected');
  expect(explanation).toContain('its own over the 8 weeks before');
  // The week's FTDs are all in: no warning.
  expect(screen.queryByTestId('shave-unsettled')).toBeNull();
});

test('the controls are wide enough for their values, and the table scrolls sideways with department, flag and evidence pinned', async () => {
  renderReports({ 'GET /reports/shave-watch': shaveAnswer(shaveWatchFixture()) }, '/reports?tab=shave');
  await screen.findByTestId('shave-table');

  // jsdom lays nothing out: the widths asked for are what can be checked (antd's own defaults cut the values short).
  expect(parseInt(screen.getByTestId('shave-week').closest<HTMLElement>('.ant-picker')?.style.width ?? '', 10)).toBeGreaterThanOrEqual(340);
  expect(parseInt(screen.getByTestId('shave-horizon').closest<HTMLElement>('.ant-input-number')?.style.width ?? '', 10)).toBeGreaterThanOrEqual(200);
  expect(table().querySelector('.ant-table-content, .ant-table-body')).not.toBeNull();
  const header = (name: string) => within(table()).getByRole('columnheader', { name });
  expect(header('Department')).toHaveClass('ant-table-cell-fix-start');
  expect(header('Flag')).toHaveClass('ant-table-cell-fix-end');
  expect(header('Evidence')).toHaveClass('ant-table-cell-fix-end');
});

test('the week and the horizon go to the URL and are asked for', async () => {
  inTimeZone('UTC');
  const { http } = renderReports({ 'GET /reports/shave-watch': shaveAnswer(shaveWatchFixture()) }, '/reports?tab=shave&week=2026-03-09&horizon_days=7');
  await screen.findByTestId('shave-table');
  expect(watchRequests(http)).toEqual([{ week: '2026-03-09', time_zone: 'UTC', horizon_days: 7 }]);

  await user.click(screen.getByLabelText('Week'));
  await user.click(await screen.findByTitle('2026-03-04'));
  await waitFor(() => expect(currentSearch()).toBe('?tab=shave&week=2026-03-02&horizon_days=7'));
  await waitFor(() => expect(watchRequests(http).at(-1)).toEqual({ week: '2026-03-02', time_zone: 'UTC', horizon_days: 7 }));

  const horizon = screen.getByLabelText('Horizon');
  await user.clear(horizon);
  await user.type(horizon, '14');
  await waitFor(() => expect(currentSearch()).toBe('?tab=shave&week=2026-03-02&horizon_days=14'));
  await waitFor(() => expect(watchRequests(http).at(-1)).toEqual({ week: '2026-03-02', time_zone: 'UTC', horizon_days: 14 }));
});

test('Evidence downloads the department’s file of the week on show', async () => {
  const saved = captureDownloads();
  const { http } = renderReports(
    {
      'GET /reports/shave-watch': shaveAnswer(shaveWatchFixture()),
      'GET /reports/shave-watch/evidence': (request) => ({
        status: 200,
        data: new Blob([`evidence as ${String((request.params as Record<string, unknown>)['format'])}`]),
      }),
    },
    '/reports?tab=shave',
  );
  await screen.findByTestId('shave-table');

  await user.click(within(bodyRows()[0]!).getByTestId('shave-evidence-csv'));
  await waitFor(() => expect(saved).toHaveLength(1));
  const evidence = http.adapter.requests.filter((request: InternalAxiosRequestConfig) => request.url === '/reports/shave-watch/evidence');
  expect(evidence[0]?.params).toEqual({ department_id: 3, week: '2026-03-09', time_zone: 'Europe/Berlin', horizon_days: 7, format: 'csv' });
  expect(evidence[0]?.responseType).toBe('blob');
  // The test API names no file: the department and the week name it.
  expect(saved[0]?.name).toBe('shave-evidence_3_2026-03-09.csv');
  await waitFor(() => expect(within(bodyRows()[0]!).getByTestId('shave-evidence-csv')).not.toHaveClass('ant-btn-loading'));

  await user.click(within(bodyRows()[2]!).getByTestId('shave-evidence-xlsx'));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(http.adapter.requests.at(-1)?.params).toMatchObject({ department_id: 4, format: 'xlsx' });
  // Done: the button is ready for another download.
  await waitFor(() => expect(within(bodyRows()[2]!).getByTestId('shave-evidence-xlsx')).not.toHaveClass('ant-btn-loading'));
  expect(await saved[0]?.file.text()).toBe('evidence as csv');
});

test('a week whose horizon has not passed says the rates may still rise', async () => {
  const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
  renderReports({ 'GET /reports/shave-watch': shaveAnswer(shaveWatchFixture({ horizon_ends_at: future })) }, '/reports?tab=shave');
  expect(await screen.findByTestId('shave-unsettled')).toHaveTextContent('the rates may still rise');
});

test('a refused query shows the API’s message for the field', async () => {
  renderReports(
    { 'GET /reports/shave-watch': { status: 422, data: { message: 'The given data was invalid.', errors: { time_zone: ['The time zone must be an IANA zone like Europe/Berlin.'] } } } },
    '/reports?tab=shave',
  );
  expect(await screen.findByTestId('shave-error')).toHaveTextContent('The time zone must be an IANA zone like Europe/Berlin.');
  expect(toast.error).not.toHaveBeenCalled();
});

test('the tabs switch between the report and the shave watch, in the URL', async () => {
  const { http } = renderReports({ 'GET /reports': reportAnswer(reportFixture()), 'GET /reports/shave-watch': shaveAnswer(shaveWatchFixture()) }, '/reports');
  await screen.findByTestId('reports-table');
  expect(screen.getByRole('tab', { name: 'Report' })).toHaveAttribute('aria-selected', 'true');
  expect(watchRequests(http)).toEqual([]);

  await user.click(screen.getByRole('tab', { name: 'Shave watch' }));
  await screen.findByTestId('shave-table');
  expect(currentSearch()).toBe('?tab=shave');
  expect(screen.queryByTestId('reports-table')).toBeNull();

  await user.click(screen.getByRole('tab', { name: 'Report' }));
  await screen.findByTestId('reports-table');
  expect(currentSearch()).toBe('');
});
