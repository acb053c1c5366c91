import { configure, formItemOf, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import type { DepartmentCaps } from '@crm/shared/contract';
import DepartmentsPage from '../../../exposes/DepartmentsPage.tsx';
import { countryOptionsReply, departmentFixture } from '../../../testing/brokerFixtures.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

const caps: DepartmentCaps = {
  department_id: 3,
  time_zone: 'Europe/Berlin',
  refusals_count: false,
  pacing_per_hour: null,
  caps: [
    { country: null, day: 100, week: null, month: null, total: null },
    { country: 'DE', day: 50, week: null, month: null, total: null },
  ],
};

function renderDepartments(put: Parameters<typeof stubApi>[0][string]) {
  const http = stubApi({
    'GET /broker/department': pageOf([departmentFixture()]),
    'GET /broker/department/3/hours': { status: 200, data: { data: { department_id: 3, time_zone: 'Europe/Berlin', windows: [], closed_dates: [] } } },
    'GET /broker/department/3/caps': { status: 200, data: { data: caps } },
    'PUT /broker/department/3/caps': put,
    'GET /settings/country/all': countryOptionsReply,
  });
  renderWithProviders(<DepartmentsPage />, { session: signedInSession(['broker.department.view', 'broker.department.update', 'options.countries.all']) });
  return http;
}

async function openCaps() {
  const row = (await screen.findByText('Berlin')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Hours and caps' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('tab', { name: 'Caps' }));
  return dialog;
}

const puts = (http: ReturnType<typeof stubApi>) => http.adapter.requests.filter((request) => request.method === 'put');

test("a department's row opens its caps: a row per country, pacing and refusals; save sends them whole", async () => {
  const http = renderDepartments((request) => ({ status: 200, data: { data: { ...caps, ...(requestBody(request) as object) } } }));
  const dialog = await openCaps();
  expect(await within(dialog).findByLabelText('Per day 1')).toHaveValue('100');
  expect(within(dialog).getByLabelText('Per day 2')).toHaveValue('50');
  expect(within(formItemOf(within(dialog).getByLabelText('Country 1'))).getByText('All countries')).toBeInTheDocument();
  expect(within(dialog).getByText(/Delivered leads per period in Europe\/Berlin/)).toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('button', { name: /Add country/ }));
  await userEvent.click(within(dialog).getByLabelText('Country 3'));
  await userEvent.click(await screen.findByText('Austria (AT)', { selector: '.ant-select-item-option-content' }));
  await userEvent.type(within(dialog).getByLabelText('Per day 3'), '20');
  await userEvent.type(within(dialog).getByLabelText('Per month 1'), '2000');
  await userEvent.type(within(dialog).getByLabelText('Pacing (per hour)'), '12');
  await userEvent.click(within(dialog).getByLabelText('Refusals count'));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(puts(http)).toHaveLength(1));
  expect(requestBody(puts(http)[0]!)).toEqual({
    refusals_count: true,
    pacing_per_hour: 12,
    caps: [
      { country: null, day: 100, week: null, month: 2000, total: null },
      { country: 'DE', day: 50, week: null, month: null, total: null },
      { country: 'AT', day: 20, week: null, month: null, total: null },
    ],
  });
});

test('a refusal shows under the field of the row it names', async () => {
  renderDepartments({ status: 422, data: { message: 'A cap cannot be negative.', errors: { 'caps.1.day': ['A cap cannot be negative.'] } } });
  const dialog = await openCaps();
  await userEvent.clear(await within(dialog).findByLabelText('Per day 2'));
  await userEvent.type(within(dialog).getByLabelText('Per day 2'), '-5');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(formItemOf(within(dialog).getByLabelText('Per day 2'))).findByText('A cap cannot be negative.')).toBeInTheDocument();
  expect(within(formItemOf(within(dialog).getByLabelText('Per day 1'))).queryByText('A cap cannot be negative.')).not.toBeInTheDocument();
});
