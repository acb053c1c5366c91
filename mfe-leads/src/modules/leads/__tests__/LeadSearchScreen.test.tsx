import { configure, fireEvent, screen, stubApi, waitFor, within, type TestClient } from '@crm/shared/testing';
import { chosenColumnsStorageKey } from '../hooks/useChosenColumns.ts';
import { chooseOption, everyLeadPermission, leadItem, pageReply, renderLeadRoutes, user } from '../../../testing/leadTestKit.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => window.localStorage.clear());

const listRequests = (api: TestClient) => api.adapter.requests.filter((request) => request.method === 'get' && request.url === '/lead');
const lastListParams = (api: TestClient) => listRequests(api).at(-1)?.params as Record<string, unknown> | undefined;
const location = () => screen.getByTestId('location').textContent ?? '';
const searchOf = () => new URLSearchParams(location().split('?')[1] ?? '');

const table = () => within(screen.getByTestId('lead-table'));

test('reads filters, page and order from the URL, sends them to the API and shows them in the advanced search', async () => {
  const api = stubApi({ 'GET /lead': pageReply([leadItem(1)], { total: 120 }) });
  renderLeadRoutes('/lead/search?status_id=10,11&country=DE&has_deposit=true&created_from=2024-03-01&sort=created_at&direction=asc&page=2&per_page=50&bogus=1');

  await waitFor(() =>
    expect(lastListParams(api)).toEqual({ status_id: '10,11', country: 'DE', has_deposit: 'true', created_from: '2024-03-01', sort: 'created_at', direction: 'asc', page: 2, per_page: 50 }),
  );
  const statusFilter = screen.getByTestId('lead-filter-status_id');
  expect(await within(statusFilter).findByText('New')).toBeInTheDocument();
  expect(within(statusFilter).getByText('Called')).toBeInTheDocument();
  expect(within(screen.getByTestId('lead-filter-country')).getByText('Germany (DE)')).toBeInTheDocument();
  expect(within(screen.getByTestId('lead-filter-has_deposit')).getByText('Yes')).toBeInTheDocument();
  expect(screen.getByLabelText('Created from')).toHaveValue('2024-03-01');
  expect(table().getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'ascending');
});

test('applying the advanced search writes every filter to the URL and asks for page 1', async () => {
  const api = stubApi({ 'GET /lead': pageReply([leadItem(1)]) });
  renderLeadRoutes('/lead/search?page=3&sort=id&direction=desc');
  await screen.findByText('ada1@example.com');

  await user.type(screen.getByLabelText('Email starts with'), 'ada@');
  await chooseOption('lead-filter-status_id', 'Called');
  fireEvent.click(screen.getByTestId('lead-filters-more'));
  await chooseOption('lead-filter-department_id', 'Broker One - Berlin');
  await chooseOption('lead-filter-is_fresh', 'No');
  await chooseOption('lead-filter-sent', 'Not sent');
  fireEvent.change(screen.getByLabelText('FTD to'), { target: { value: '2024-04-30' } });
  await user.click(screen.getByTestId('lead-filters-apply'));

  await waitFor(() => expect(searchOf().get('email')).toBe('ada@'));
  expect(Object.fromEntries(searchOf())).toEqual({
    email: 'ada@',
    status_id: '11',
    department_id: '8',
    ftd_to: '2024-04-30',
    is_fresh: 'false',
    sent: 'not_sent',
    sort: 'id',
    direction: 'desc',
  });
  await waitFor(() =>
    expect(lastListParams(api)).toEqual({
      email: 'ada@',
      status_id: '11',
      department_id: '8',
      ftd_to: '2024-04-30',
      is_fresh: 'false',
      sent: 'not_sent',
      sort: 'id',
      direction: 'desc',
      page: 1,
      per_page: 25,
    }),
  );

  await user.click(screen.getByTestId('lead-filters-reset'));
  await waitFor(() => expect(Object.fromEntries(searchOf())).toEqual({ sort: 'id', direction: 'desc' }));
  expect(screen.getByLabelText('Email starts with')).toHaveValue('');
});

test('the filters beyond the first four open with "More filters"; a link with one of them set opens them, and closed they are counted', async () => {
  stubApi({ 'GET /lead': pageReply([leadItem(1)]) });
  const first = renderLeadRoutes('/lead/search?status_id=10');
  await screen.findByText('ada1@example.com');

  expect(screen.getByLabelText('Search')).toBeVisible();
  // Closed and never opened, the other filters are not rendered at all (the page's first render stays light).
  expect(screen.queryByLabelText('Created from')).not.toBeInTheDocument();
  expect(screen.queryByTestId('lead-filter-sent')).not.toBeInTheDocument();
  fireEvent.click(screen.getByTestId('lead-filters-more'));
  expect(screen.getByLabelText('Created from')).toBeVisible();
  expect(screen.getByTestId('lead-filters-more')).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByTestId('lead-filters-more')).toHaveTextContent('Fewer filters');
  first.unmount();

  renderLeadRoutes('/lead/search?created_from=2024-03-01&is_fresh=true');
  await screen.findByText('ada1@example.com');
  expect(screen.getByLabelText('Created from')).toBeVisible();
  fireEvent.click(screen.getByTestId('lead-filters-more'));
  expect(screen.getByLabelText('Created from')).not.toBeVisible();
  expect(screen.getByTestId('lead-filters-more')).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByTestId('lead-filters-more')).toHaveTextContent('More filters (2 set)');
});

test("a reports' drill-down link filters by its instants, shows them as day and UTC time, and keeps them until edited", async () => {
  const api = stubApi({ 'GET /lead': pageReply([leadItem(1)]) });
  renderLeadRoutes('/lead/search?created_from=2026-11-29T00:00:00.000Z&created_to=2026-11-29T23:59:59.999Z');

  await waitFor(() => expect(lastListParams(api)).toMatchObject({ created_from: '2026-11-29T00:00:00.000Z', created_to: '2026-11-29T23:59:59.999Z' }));
  expect(screen.getByLabelText('Created from')).toHaveValue('2026-11-29');
  expect(screen.getByTestId('lead-filter-created_from')).toHaveTextContent('00:00:00 UTC');
  expect(screen.getByLabelText('Created to')).toHaveValue('2026-11-29');
  expect(screen.getByTestId('lead-filter-created_to')).toHaveTextContent('23:59:59 UTC');

  // Applied untouched, the instants stay; a day picked instead is a plain day; a cleared date is no filter.
  await user.click(screen.getByTestId('lead-filters-apply'));
  expect(Object.fromEntries(searchOf())).toEqual({ created_from: '2026-11-29T00:00:00.000Z', created_to: '2026-11-29T23:59:59.999Z' });
  fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-28' } });
  expect(within(screen.getByTestId('lead-filter-created_from')).queryByTestId('lead-filter-time')).not.toBeInTheDocument();
  await user.click(within(screen.getByTestId('lead-filter-created_to')).getByRole('button', { name: 'close-circle' }));
  await user.click(screen.getByTestId('lead-filters-apply'));
  await waitFor(() => expect(Object.fromEntries(searchOf())).toEqual({ created_from: '2026-11-28' }));
});

test('a filter chosen under "More filters" still applies after they are closed again', async () => {
  stubApi({ 'GET /lead': pageReply([leadItem(1)]) });
  renderLeadRoutes('/lead/search');
  await screen.findByText('ada1@example.com');

  fireEvent.click(screen.getByTestId('lead-filters-more'));
  await chooseOption('lead-filter-sent', 'Not sent');
  fireEvent.click(screen.getByTestId('lead-filters-more'));
  expect(screen.getByTestId('lead-filter-sent')).not.toBeVisible();
  await user.type(screen.getByLabelText('Email starts with'), 'ada@');
  await user.click(screen.getByTestId('lead-filters-apply'));

  await waitFor(() => expect(Object.fromEntries(searchOf())).toEqual({ email: 'ada@', sent: 'not_sent' }));
});

test('the free-text filter explains what it matches beside its label, and no other filter carries a hint', async () => {
  stubApi({ 'GET /lead': pageReply([leadItem(1)]) });
  renderLeadRoutes('/lead/search');
  await screen.findByText('ada1@example.com');

  expect(screen.getByLabelText('Search')).toHaveAttribute('placeholder', 'Name, email or phone');
  const hints = document.querySelectorAll('.ant-form-item-tooltip');
  expect(hints).toHaveLength(1);
  expect(screen.getByTestId('lead-filter-search')).toContainElement(hints[0] as HTMLElement);
  await user.hover(hints[0]!);
  expect(await screen.findByRole('tooltip')).toHaveTextContent(/3 or more letters or digits.*Fewer than 3 letters or digits match the start of an email/);
});

test('the total says "about N leads (estimated)" when the API estimated it, otherwise the count', async () => {
  stubApi({ 'GET /lead': (request) => pageReply([leadItem(1)], request.params?.['email'] ? { total: 1 } : { total: 1_000_214, total_estimated: true }) });
  renderLeadRoutes('/lead/search');
  expect(await screen.findByTestId('lead-total')).toHaveTextContent('about 1,000,214 leads (estimated)');

  await user.type(screen.getByLabelText('Email starts with'), 'ada{Enter}');
  await waitFor(() => expect(screen.getByTestId('lead-total')).toHaveTextContent(/^1 lead$/));
});

test('counted past the cap with a lower estimate, the total says "more than" the cap', async () => {
  stubApi({ 'GET /lead': pageReply([leadItem(1)], { total: 10_001, total_estimated: true, total_lower_bound: true }) });
  renderLeadRoutes('/lead/search');
  const total = await screen.findByTestId('lead-total');
  expect(total).toHaveTextContent(/^more than 10,000 leads$/);
  expect(total).toHaveAttribute('data-kind', 'more_than');
});

test('sorts only on sortable columns, through the URL', async () => {
  const api = stubApi({ 'GET /lead': pageReply([leadItem(1)]) });
  renderLeadRoutes('/lead/search');
  await screen.findByText('ada1@example.com');

  expect(table().getByRole('columnheader', { name: 'Name' })).not.toHaveClass('ant-table-column-has-sorters');
  await user.click(table().getByRole('columnheader', { name: /Created/ }));
  await waitFor(() => expect(searchOf().get('sort')).toBe('created_at'));
  expect(searchOf().get('direction')).toBe('asc');
  await waitFor(() => expect(lastListParams(api)).toMatchObject({ sort: 'created_at', direction: 'asc', page: 1 }));
});

test('the chosen columns are remembered across visits', async () => {
  stubApi({ 'GET /lead': pageReply([leadItem(1)]) });
  const first = renderLeadRoutes('/lead/search');
  await screen.findByText('ada1@example.com');
  expect(table().queryByRole('columnheader', { name: 'Lead ID' })).not.toBeInTheDocument();

  await user.click(screen.getByTestId('lead-column-chooser'));
  const list = await screen.findByTestId('lead-column-chooser-list');
  await user.click(within(list).getByLabelText('Email'));
  await user.click(within(list).getByLabelText('Lead ID'));
  await waitFor(() => expect(table().queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument());
  expect(table().getByRole('columnheader', { name: 'Lead ID' })).toBeInTheDocument();
  first.unmount();

  renderLeadRoutes('/lead/search');
  expect(await screen.findByText('L-1')).toBeInTheDocument();
  expect(table().queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument();
  expect(JSON.parse(window.localStorage.getItem(chosenColumnsStorageKey) ?? '[]')).toContain('lead_id');
});

test('shows the row cells, counts the selection and opens a lead by its row', async () => {
  stubApi({
    'GET /lead': pageReply([leadItem(1, { purchase_amount: '6392.5' }), leadItem(2, { is_fresh: false, deposit_exists: false, purchase_amount: null, status: null })], { total: 2 }),
  });
  renderLeadRoutes('/lead/search');
  const rows = await screen.findAllByTestId('lead-row');
  expect(within(rows[0]!).getByText('6,392.50')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('Broker One - Berlin')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('Status not set')).toBeInTheDocument();
  expect(screen.getByTestId('lead-total')).toHaveTextContent('2 leads');

  await user.click(within(rows[0]!).getByRole('checkbox'));
  await user.click(within(rows[1]!).getByRole('checkbox'));
  expect(screen.getByTestId('lead-selected-count')).toHaveTextContent('2 selected');
  expect(location()).toBe('/lead/search');

  await user.click(within(rows[1]!).getByText('Ada2'));
  await waitFor(() => expect(location()).toBe('/lead/single/2'));
});

test('without lead.single.view rows do not open; without lead.create (or hidden by lead settings) no Add lead', async () => {
  stubApi({ 'GET /lead': pageReply([leadItem(1)]) });
  renderLeadRoutes('/lead/search', ['lead.view', 'lead.create', 'hide.non_privileged']);
  const row = await screen.findByTestId('lead-row');
  expect(screen.queryByTestId('lead-add-open')).not.toBeInTheDocument();
  expect(screen.queryByTestId('lead-row-view')).not.toBeInTheDocument();
  await user.click(within(row).getByText('Ada1'));
  expect(location()).toBe('/lead/search');
  // The advanced search is a lead-settings item too; the plain search stays.
  expect(screen.queryByTestId('lead-filters')).not.toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
});

test('with every lead permission the Add lead button shows', async () => {
  stubApi({ 'GET /lead': pageReply([]) });
  renderLeadRoutes('/lead/search', [...everyLeadPermission, 'hide.non_privileged', 'lead.settings.add']);
  expect(await screen.findByTestId('lead-add-open')).toBeInTheDocument();
});
