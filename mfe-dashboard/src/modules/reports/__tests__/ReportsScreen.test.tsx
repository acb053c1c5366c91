import { formItemOf, screen, userEvent, waitFor, within } from '@crm/shared/testing';
import {
  companyKey,
  countryKey,
  dayKey,
  inTimeZone,
  rangeSearch,
  renderReports,
  reportAnswer,
  reportFixture,
  rowFixture,
  weekByCompanyAndCountry,
} from '../../../testing/reportFixtures.tsx';

// jsdom cannot draw apexcharts: the stub writes out the chart's series and categories.
jest.mock('react-apexcharts', () => jest.requireActual('../../../testing/apexChartsStub.tsx'));

jest.setTimeout(60_000);

const user = userEvent.setup({ pointerEventsCheck: 0 });

const table = () => screen.getByTestId('reports-table');
/** The body rows' cells as text, in the order shown. */
const rowTexts = () => [...table().querySelectorAll('tr.ant-table-row')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
/** The body row whose key cells read `keys`. */
function rowOf(...keys: string[]): HTMLElement {
  const row = [...table().querySelectorAll<HTMLElement>('tr.ant-table-row')].find((candidate) => keys.every((key, index) => candidate.querySelectorAll('td')[index]?.textContent === key));
  if (!row) throw new Error(`no row ${keys.join(' / ')}`);
  return row;
}
const currentSearch = () => screen.getByTestId('current-search').textContent;
const chartSeries = () =>
  within(screen.getByTestId('reports-chart'))
    .queryAllByTestId('apex-series')
    .map((item) => item.textContent);
/** The query string of a drill-down link, as parameters. */
function linkParams(link: HTMLElement): Record<string, string> {
  const url = new URL(link.getAttribute('href') ?? '', 'http://console.test');
  expect(url.pathname).toBe('/lead/search');
  return Object.fromEntries(url.searchParams);
}

async function pick(label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

test('reads the range, grouping and metric from the URL, asks for them in the browser zone, and writes every change back', async () => {
  inTimeZone('Asia/Tokyo');
  const { http } = renderReports({ 'GET /reports': reportAnswer(reportFixture()) });

  await screen.findByTestId('reports-table');
  expect(http.adapter.requests.filter((request) => request.url === '/reports').map((request) => request.params)).toEqual([
    { from: '2026-03-01', to: '2026-03-07', time_zone: 'Asia/Tokyo', group_by: 'affiliate_company,country' },
  ]);
  expect(currentSearch()).toBe(weekByCompanyAndCountry.replace('/reports', ''));
  expect(formItemOf(screen.getByRole('combobox', { name: 'Range' }))).toHaveTextContent('Custom');
  expect(formItemOf(screen.getByRole('combobox', { name: 'Group by' }))).toHaveTextContent('Affiliate company');
  expect(formItemOf(screen.getByRole('combobox', { name: 'Then by' }))).toHaveTextContent('Country');
  expect(formItemOf(screen.getByRole('combobox', { name: 'Chart metric' }))).toHaveTextContent('Accepted');
  // The range picker's two boxes, its first and last day, both named by the field's label.
  expect(screen.getAllByLabelText('Days').map((input) => (input as HTMLInputElement).value)).toEqual(['Mar 01, 2026', 'Mar 07, 2026']);
  expect(screen.getByTestId('reports-range')).toHaveTextContent('Mar 01, 2026 – Mar 07, 2026 (Asia/Tokyo)');

  await pick('Group by', 'Broker');
  await waitFor(() => expect(currentSearch()).toBe('?range=custom&from=2026-03-01&to=2026-03-07&group_by=broker,country&metric=accepted'));
  await waitFor(() => expect(http.adapter.requests.at(-1)?.params).toMatchObject({ group_by: 'broker,country' }));

  const clear = formItemOf(screen.getByRole('combobox', { name: 'Then by' })).querySelector('.ant-select-clear');
  if (!clear) throw new Error('Then by cannot be cleared');
  await user.click(clear);
  await waitFor(() => expect(currentSearch()).toContain('group_by=broker&'));

  await pick('Chart metric', 'FTDs');
  await waitFor(() => expect(currentSearch()).toContain('metric=ftds'));

  await pick('Range', 'Last 7 days');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
  const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
  await waitFor(() => expect(currentSearch()).toBe(`?range=7d&from=${weekAgo}&to=${today}&group_by=broker&metric=ftds`));
  await waitFor(() => expect(http.adapter.requests.at(-1)?.params).toEqual({ from: weekAgo, to: today, time_zone: 'Asia/Tokyo', group_by: 'broker' }));
});

test("a relative range is today's again when a link is opened later, and what cannot be read falls back to the last 7 days by day", async () => {
  renderReports({ 'GET /reports': reportAnswer(reportFixture()) }, '/reports?range=30d&from=2020-01-01&to=2020-01-30&group_by=day,nonsense&metric=nothing');

  await screen.findByTestId('reports-table');
  await waitFor(() => expect(currentSearch()).toMatch(/^\?range=30d&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&group_by=day&metric=accepted$/));
  expect(currentSearch()).not.toContain('2020-01');
});

test("the menu's bare /reports shows the last 7 days by day, and leaves the address bare until something is picked", async () => {
  const { http } = renderReports({ 'GET /reports': reportAnswer(reportFixture()) }, '/reports');

  await screen.findByTestId('reports-table');
  expect(http.adapter.requests.find((request) => request.url === '/reports')?.params).toMatchObject({ group_by: 'day' });
  expect(formItemOf(screen.getByRole('combobox', { name: 'Range' }))).toHaveTextContent('Last 7 days');
  expect(currentSearch()).toBe('');

  await pick('Group by', 'Country');
  await waitFor(() => expect(currentSearch()).toMatch(/^\?range=7d&from=[\d-]+&to=[\d-]+&group_by=country&metric=accepted$/));
});

test('one column per key, then every metric; conversion as a percent, the median as a duration, and the totals below', async () => {
  renderReports({ 'GET /reports': reportAnswer(reportFixture()) });

  await screen.findByTestId('reports-table');
  const headers = within(table())
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
  expect(headers).toEqual([
    'Affiliate company',
    'Country',
    'Received',
    'Accepted',
    'Refused',
    'Distributed',
    'Delivered',
    'Refused by brokers',
    'Unassigned',
    'FTDs',
    'Conversion',
    'Median time to FTD',
  ]);
  expect(rowTexts()[0]).toEqual(['Acme', 'DE', '12', '10', '2', '9', '8', '1', '1', '2', '25%', '2d 3h']);
  expect(within(rowOf('Acme', 'AT')).getByTestId('report-median_ftd_seconds')).toHaveTextContent('14m');
  expect(within(rowOf('Beta', 'DE')).getByTestId('report-median_ftd_seconds')).toHaveTextContent('—');
  expect(within(rowOf('Beta', 'DE')).getByTestId('report-conversion')).toHaveTextContent('0%');
  const totals = screen.getByTestId('reports-totals');
  expect([...totals.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Total', '40', '32', '8', '28', '22', '6', '4', '3', '13.6%', '1h']);
});

test('every column sorts the rows, the totals staying below', async () => {
  renderReports({ 'GET /reports': reportAnswer(reportFixture()) });
  await screen.findByTestId('reports-table');
  const keysOfRows = () => rowTexts().map((cells) => `${cells[0]}/${cells[1]}`);

  await user.click(screen.getByText('Accepted', { selector: 'th *' }));
  expect(keysOfRows()).toEqual(['None/DE', 'Acme/AT', 'Acme/DE', 'Beta/DE']);
  await user.click(screen.getByText('Accepted', { selector: 'th *' }));
  expect(keysOfRows()).toEqual(['Beta/DE', 'Acme/DE', 'Acme/AT', 'None/DE']);

  // No value sorts below every number.
  await user.click(screen.getByText('Median time to FTD', { selector: 'th *' }));
  expect(keysOfRows()).toEqual(['Beta/DE', 'None/DE', 'Acme/AT', 'Acme/DE']);

  // Keys by label, the group without a value first.
  await user.click(screen.getByText('Country', { selector: 'th *' }));
  expect(rowTexts().map((cells) => cells[1])).toEqual(['AT', 'DE', 'DE', 'DE']);
  await user.click(screen.getByText('Affiliate company', { selector: 'th *' }));
  expect(keysOfRows()).toEqual(['None/DE', 'Acme/DE', 'Acme/AT', 'Beta/DE']);
  expect(screen.getByTestId('reports-totals')).toHaveTextContent('Total');
});

test("key cells and accepted counts lead to the lead search with the range's and the row's parameters", async () => {
  renderReports({ 'GET /reports': reportAnswer(reportFixture()) });
  await screen.findByTestId('reports-table');

  const acmeGermany = { ...rangeSearch, affiliate_company_id: '7', country: 'DE' };
  const row = rowOf('Acme', 'DE');
  expect(linkParams(within(row).getByRole('link', { name: 'Acme' }))).toEqual(acmeGermany);
  expect(linkParams(within(row).getByRole('link', { name: 'DE' }))).toEqual(acmeGermany);
  expect(linkParams(within(row).getByRole('link', { name: '10' }))).toEqual(acmeGermany);
  expect(within(row).getAllByRole('link')).toHaveLength(3);

  // No affiliate company: the search cannot select those leads, so no cell of the row links (its country cell would
  // list DE's leads of every company, not the row's).
  const none = rowOf('None', 'DE');
  expect(within(none).queryAllByRole('link')).toEqual([]);

  expect(linkParams(within(screen.getByTestId('reports-totals')).getByRole('link', { name: '32' }))).toEqual(rangeSearch);
});

test('a group without a value of a key reads "None", in the table and the chart, and links nowhere', async () => {
  // As the API sends it: a null value, an empty label.
  const noCountry = { value: null, label: '', search: null };
  const report = reportFixture({
    rows: [rowFixture([companyKey(7, 'Acme'), countryKey('DE')], { accepted: 2 }), rowFixture([companyKey(7, 'Acme'), noCountry], { accepted: 1 })],
  });
  renderReports({ 'GET /reports': reportAnswer(report) });
  await screen.findByTestId('reports-table');

  const none = rowOf('Acme', 'None');
  expect(within(none).queryAllByRole('link')).toEqual([]);
  expect(within(rowOf('Acme', 'DE')).getAllByRole('link')).toHaveLength(3);
  await waitFor(() => expect(chartSeries()).toEqual(['DE: 2', 'None: 1']));
});

test('no links for a user who may not search leads', async () => {
  renderReports({ 'GET /reports': reportAnswer(reportFixture()) }, weekByCompanyAndCountry, ['reports.view']);

  await screen.findByTestId('reports-table');
  expect(within(table()).queryAllByRole('link')).toEqual([]);
  expect(rowOf('Acme', 'DE')).toHaveTextContent('Acme');
});

test('refused leads show their reasons on hover', async () => {
  renderReports({ 'GET /reports': reportAnswer(reportFixture()) });
  await screen.findByTestId('reports-table');

  await user.hover(within(within(rowOf('Beta', 'DE')).getByTestId('report-refused')).getByText('6'));
  const reasons = await screen.findByTestId('report-refused-reasons');
  expect([...reasons.children].map((line) => line.textContent)).toEqual(['Invalid: 4', 'Duplicate: 2']);
});

test('the chart draws the chosen metric: a line per second key over the first, or a bar per group', async () => {
  const { unmount } = renderReports({ 'GET /reports': reportAnswer(reportFixture()) });

  await waitFor(() => expect(chartSeries()).toEqual(['DE: 10, 14, 3', 'AT: 5, 0, 0']));
  expect(within(screen.getByTestId('reports-chart')).getByTestId('apex-chart')).toHaveAttribute('data-type', 'line');
  expect(within(screen.getByTestId('reports-chart')).getByTestId('apex-categories')).toHaveTextContent('Acme, Beta, None');
  await pick('Chart metric', 'Refused by brokers');
  await waitFor(() => expect(chartSeries()).toEqual(['DE: 1, 4, 0', 'AT: 1, 0, 0']));
  unmount();

  const byDay = reportFixture({
    group_by: ['day'],
    rows: [rowFixture([dayKey('2026-03-02')], { accepted: 4 }), rowFixture([dayKey('2026-03-01')], { accepted: 7 })],
  });
  renderReports({ 'GET /reports': reportAnswer(byDay) }, '/reports?range=custom&from=2026-03-01&to=2026-03-02&group_by=day&metric=accepted');
  await waitFor(() => expect(chartSeries()).toEqual(['Accepted: 7, 4']));
  expect(within(screen.getByTestId('reports-chart')).getByTestId('apex-chart')).toHaveAttribute('data-type', 'bar');
  expect(within(screen.getByTestId('reports-chart')).getByTestId('apex-categories')).toHaveTextContent('2026-03-01, 2026-03-02');
});

test('a range without leads says so, in place of the chart and the table', async () => {
  renderReports({ 'GET /reports': reportAnswer(reportFixture({ rows: [] })) });

  expect(await screen.findByTestId('reports-empty')).toHaveTextContent('No leads arrived in this range');
  expect(screen.queryByTestId('reports-table')).not.toBeInTheDocument();
  expect(screen.queryByTestId('reports-chart')).not.toBeInTheDocument();
});

test("a refused query shows the API's message under the field it names", async () => {
  const message = 'Grouped by hour, a report covers at most 31 days.';
  renderReports({ 'GET /reports': { status: 400, data: { message, errors: { group_by: [message] } } } }, '/reports?range=custom&from=2026-01-01&to=2026-03-07&group_by=hour&metric=accepted');

  const groupBy = formItemOf(screen.getByRole('combobox', { name: 'Group by' }));
  await waitFor(() => expect(groupBy).toHaveTextContent(message));
  expect(formItemOf(screen.getAllByLabelText('Days')[0] as HTMLElement)).not.toHaveTextContent(message);
  expect(screen.getByTestId('reports-error')).toHaveTextContent('The report could not be made: see the marked fields.');
  expect(screen.queryByTestId('reports-table')).not.toBeInTheDocument();
});

test("a refusal naming no field shows the API's message in place of the report", async () => {
  renderReports({ 'GET /reports': { status: 403, data: { message: 'No permission' } } });

  expect(await screen.findByTestId('reports-error')).toHaveTextContent('No permission');
});

test('a failed load offers Retry, which loads the report', async () => {
  let calls = 0;
  renderReports({
    'GET /reports': () =>
      ++calls === 1 ? { status: 500, data: { message: 'Server Error' } } : reportAnswer(reportFixture({ rows: [rowFixture([companyKey(7, 'Acme')])], group_by: ['affiliate_company'] })),
  });

  const failure = await screen.findByTestId('reports-failed');
  await user.click(within(failure).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByTestId('reports-table')).toHaveTextContent('Acme');
  expect(calls).toBe(2);
});
