import type { DashboardStatistics } from '@crm/shared/contract';
import { renderWithProviders, screen, signedInSession, stubApi, userEvent, waitFor, within, type StubReply, type TestReply } from '@crm/shared/testing';
import DashboardPage from '../../../exposes/DashboardPage.tsx';
import { departmentFixture, emptyStatisticsFixture, statisticsFixture } from '../../../testing/statisticsFixtures.ts';

// jsdom cannot draw apexcharts: the stub writes out each chart's series and day labels.
jest.mock('react-apexcharts', () => jest.requireActual('../../../testing/apexChartsStub.tsx'));

jest.setTimeout(60_000);

const user = userEvent.setup({ pointerEventsCheck: 0 });

function renderDashboard(reply: StubReply, entry = '/dashboard') {
  const http = stubApi({ 'GET /dashboard/statistics': reply });
  renderWithProviders(<DashboardPage />, { session: signedInSession(['dashboard.view']), initialEntries: [entry] });
  return http;
}

const answer = (statistics: DashboardStatistics): TestReply => ({ status: 200, data: { data: statistics } });
const seriesOf = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByTestId('apex-series')
    .map((item) => item.textContent);

test('each card shows its total, the change against the week before with its marker, and the week as a sparkline', async () => {
  renderDashboard(answer(statisticsFixture()));

  const leads = await screen.findByTestId('dashboard-card-leads');
  expect(leads).toHaveTextContent('Leads');
  expect(within(leads).getByTestId('dashboard-card-leads-value')).toHaveTextContent('1,234');
  expect(within(leads).getByTestId('dashboard-card-leads-value')).toHaveAttribute('data-value', '1234');
  expect(within(leads).getByTestId('dashboard-card-leads-percentage')).toHaveTextContent('12.5%');
  expect(within(leads).getByRole('img', { name: 'increase' })).toBeInTheDocument();
  expect(await within(leads).findByText('Leads: 100, 150, 200, 180, 204, 200, 200')).toBeInTheDocument();
  expect(within(leads).getByTestId('apex-categories')).toHaveTextContent('Mar 01, Mar 02, Mar 03, Mar 04, Mar 05, Mar 06, Mar 07');

  const failed = screen.getByTestId('dashboard-card-failed_leads');
  expect(failed).toHaveTextContent('Failed leads');
  expect(within(failed).getByTestId('dashboard-card-failed_leads-value')).toHaveTextContent('40');
  expect(within(failed).getByTestId('dashboard-card-failed_leads-percentage')).toHaveTextContent('20%');
  expect(within(failed).getByRole('img', { name: 'decrease' })).toBeInTheDocument();

  expect(screen.getByTestId('dashboard-card-sent_success')).toHaveTextContent('Leads sent successfully');
  expect(within(screen.getByTestId('dashboard-card-sent_success')).getByRole('img', { name: 'increase' })).toBeInTheDocument();
  const unchanged = screen.getByTestId('dashboard-card-sent_failure');
  expect(unchanged).toHaveTextContent('Leads failed to send');
  expect(within(unchanged).getByTestId('dashboard-card-sent_failure-percentage')).toHaveTextContent('0%');
  expect(within(unchanged).getByRole('img', { name: 'unchanged' })).toBeInTheDocument();
  expect(screen.getByTestId('dashboard-card-ftds')).toHaveTextContent('First-time deposits sent');
  expect(within(screen.getByTestId('dashboard-card-ftds')).getByTestId('dashboard-card-ftds-value')).toHaveTextContent('9');
});

test("asks for the week in the browser's time zone", async () => {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone: 'Asia/Tokyo' };
  });
  const http = renderDashboard(answer(statisticsFixture()));

  await screen.findByTestId('dashboard-card-leads');
  expect(http.adapter.requests).toHaveLength(1);
  expect(http.adapter.requests[0]?.params).toEqual({ time_zone: 'Asia/Tokyo' });
  expect(screen.getByTestId('dashboard-range')).toHaveTextContent('Mar 01, 2026 – Mar 07, 2026 (Europe/Berlin)');
  // No day in the URL: the picker holds the last day of the week shown, written as every other date of the console.
  expect(screen.getByLabelText('Week ending')).toHaveValue('Mar 07, 2026');
});

test("draws the week's leads, failed leads, sends, FTDs and FTDs per department", async () => {
  renderDashboard(answer(statisticsFixture()));

  await screen.findByTestId('dashboard-chart-leads');
  await waitFor(() => expect(seriesOf('dashboard-chart-leads')).toEqual(['Unique leads: 100, 150, 200, 180, 204, 200, 200']));
  expect(screen.getByText('Weekly unique leads')).toBeInTheDocument();
  expect(seriesOf('dashboard-chart-failed-leads')).toEqual(['Failed leads: 5, 5, 6, 6, 6, 6, 6']);
  expect(seriesOf('dashboard-chart-sends')).toEqual(['Sent successfully: 40, 40, 40, 40, 40, 50, 50', 'Failed to send: 1, 1, 2, 2, 2, 2, 2']);
  expect(seriesOf('dashboard-chart-ftds')).toEqual(['FTDs: 1, 1, 1, 1, 1, 2, 2']);
  expect(seriesOf('dashboard-chart-department-ftds')).toEqual(['Broker One - Berlin: 0, 1, 0, 0, 0, 0, 1', 'Broker Two - Vienna: 0, 0, 0, 1, 0, 0, 0']);
  expect(within(screen.getByTestId('dashboard-chart-sends')).getByTestId('apex-categories')).toHaveTextContent('Mar 01, Mar 02, Mar 03, Mar 04, Mar 05, Mar 06, Mar 07');
  expect(screen.queryByTestId('dashboard-empty')).not.toBeInTheDocument();
});

test('the week ending on the day in the URL is asked for, and picking another day asks for that week', async () => {
  const http = renderDashboard(answer(statisticsFixture()), '/dashboard?date=2026-01-11');

  await screen.findByTestId('dashboard-card-leads');
  expect(http.adapter.requests[0]?.params).toMatchObject({ date: '2026-01-11' });
  const picker = screen.getByLabelText('Week ending');
  expect(picker).toHaveValue('Jan 11, 2026');
  expect(screen.getByText('Week ending')).toBeVisible();

  await user.click(picker);
  await user.click(await screen.findByTitle('2026-01-04'));
  await waitFor(() => expect(http.adapter.requests.at(-1)?.params).toMatchObject({ date: '2026-01-04' }));
  expect(picker).toHaveValue('Jan 04, 2026');
  const pickerBox = picker.closest('.ant-picker');
  if (!(pickerBox instanceof HTMLElement)) throw new Error('the week picker has no box');
  await user.click(within(pickerBox).getByRole('button', { name: 'Clear' }));
  await waitFor(() => expect(http.adapter.requests.at(-1)?.params).not.toHaveProperty('date'));
});

test('a week without anything shows Statistics not found instead of the charts, and the cards at zero', async () => {
  renderDashboard(answer(emptyStatisticsFixture()));

  expect(await screen.findByTestId('dashboard-empty')).toHaveTextContent('Statistics not found');
  expect(screen.queryByTestId('dashboard-chart-leads')).not.toBeInTheDocument();
  expect(screen.queryByTestId('dashboard-chart-department-ftds')).not.toBeInTheDocument();
  expect(screen.queryByTestId('dashboard-combiner')).not.toBeInTheDocument();
  expect(screen.getByTestId('dashboard-card-leads-value')).toHaveTextContent('0');
  expect(screen.getByTestId('dashboard-card-leads-percentage')).toHaveTextContent('0%');
});

test('a chart with nothing to draw shows Statistics not found in its place', async () => {
  const statistics = statisticsFixture();
  const departments = statistics.departments.map((department) => ({ ...department, ftds: [0, 0, 0, 0, 0, 0, 0] }));
  renderDashboard(answer({ ...statistics, departments }));

  const chart = await screen.findByTestId('dashboard-chart-department-ftds');
  expect(within(chart).getByTestId('dashboard-chart-department-ftds-empty')).toHaveTextContent('Statistics not found');
  expect(within(chart).queryByTestId('apex-chart')).not.toBeInTheDocument();
  expect(screen.queryByTestId('dashboard-empty')).not.toBeInTheDocument();
  expect(await within(screen.getByTestId('dashboard-chart-leads')).findByTestId('apex-chart')).toBeInTheDocument();
});

test('a failed load shows the error in place, and Retry loads the week', async () => {
  let calls = 0;
  const http = renderDashboard(() => (++calls === 1 ? { status: 500, data: { message: 'Server Error' } } : answer(statisticsFixture())));

  const failure = await screen.findByTestId('dashboard-error');
  expect(failure).toHaveTextContent('Something went wrong on the server. Please try again.');
  expect(http.serverError).toHaveBeenCalled();
  await user.click(within(failure).getByRole('button', { name: 'Retry' }));

  expect(await screen.findByTestId('dashboard-card-leads-value')).toHaveTextContent('1,234');
  expect(screen.queryByTestId('dashboard-error')).not.toBeInTheDocument();
  expect(calls).toBe(2);
});

async function toggleOption(label: string, option: string) {
  await user.click(within(screen.getByTestId('dashboard-combiner')).getByRole('combobox', { name: label }));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

test('the combiner compares the first three departments on every metric, and follows the picked departments and metrics', async () => {
  const week = [1, 2, 3, 4, 5, 6, 7];
  const departments = [1, 2, 3, 4].map((id) =>
    departmentFixture(id, `Desk ${id}`, { sent_success: week.map((day) => day * id), sent_failure: week.map(() => id), ftds: week.map((day) => (day === id ? 1 : 0)) }),
  );
  renderDashboard(answer(statisticsFixture({ departments })));

  const combiner = await screen.findByTestId('dashboard-combiner');
  await waitFor(() => expect(seriesOf('dashboard-chart-combiner')).toHaveLength(9));
  expect(seriesOf('dashboard-chart-combiner').slice(0, 3)).toEqual([
    'Desk 1 · Sent successfully: 1, 2, 3, 4, 5, 6, 7',
    'Desk 1 · Failed to send: 1, 1, 1, 1, 1, 1, 1',
    'Desk 1 · FTDs: 1, 0, 0, 0, 0, 0, 0',
  ]);
  expect(seriesOf('dashboard-chart-combiner').some((name) => name?.startsWith('Desk 4'))).toBe(false);
  expect(within(combiner).getByText('Departments')).toBeInTheDocument();
  expect(within(combiner).getByText('Metrics')).toBeInTheDocument();

  await toggleOption('Metrics', 'Failed to send');
  await toggleOption('Metrics', 'FTDs');
  await waitFor(() =>
    expect(seriesOf('dashboard-chart-combiner')).toEqual([
      'Desk 1 · Sent successfully: 1, 2, 3, 4, 5, 6, 7',
      'Desk 2 · Sent successfully: 2, 4, 6, 8, 10, 12, 14',
      'Desk 3 · Sent successfully: 3, 6, 9, 12, 15, 18, 21',
    ]),
  );

  await toggleOption('Departments', 'Desk 2');
  await toggleOption('Departments', 'Desk 4');
  await waitFor(() =>
    expect(seriesOf('dashboard-chart-combiner')).toEqual([
      'Desk 1 · Sent successfully: 1, 2, 3, 4, 5, 6, 7',
      'Desk 3 · Sent successfully: 3, 6, 9, 12, 15, 18, 21',
      'Desk 4 · Sent successfully: 4, 8, 12, 16, 20, 24, 28',
    ]),
  );

  await toggleOption('Metrics', 'Sent successfully');
  expect(within(await within(combiner).findByTestId('dashboard-chart-combiner')).getByTestId('dashboard-chart-combiner-empty')).toHaveTextContent('Statistics not found');
});
