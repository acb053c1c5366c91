import { configure, fireEvent, formItemOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import DistributionRulesPage from '../../../exposes/DistributionRulesPage.tsx';
import { optionPermissions, ruleFixture, ruleOptionReplies } from './ruleFixtures.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

type Handler = Parameters<typeof stubApi>[0][string];

function renderEditor(save: Handler, replies: Record<string, Handler> = {}) {
  const http = stubApi({
    ...ruleOptionReplies,
    ...replies,
    'GET /distribution/rules': { status: 200, data: { data: [ruleFixture()] } },
    'POST /distribution/rules': save,
    'PUT /distribution/rules/1': save,
  });
  renderWithProviders(<DistributionRulesPage />, {
    session: signedInSession(['distribution.rule.view', 'distribution.rule.create', 'distribution.rule.update', ...optionPermissions]),
  });
  return http;
}

const writes = (http: ReturnType<typeof stubApi>) => http.adapter.requests.filter((request) => request.method === 'post' || request.method === 'put');

async function pick(label: string, option: string) {
  await userEvent.click(screen.getByLabelText(label));
  // Earlier pickers' lists stay in the page, hidden: the option is the newest list's.
  const options = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  await userEvent.click(options.at(-1)!);
}

test('opening the editor fetches the companies and sources again: one added a moment ago is offered', async () => {
  const http = renderEditor({ status: 201, data: { message: 'Rule successfully created', data: ruleFixture({ id: 2, position: 2 }) } });
  await screen.findByText('DE traffic');
  const fetches = (path: string) => http.adapter.requests.filter((request) => request.method === 'get' && request.url === path).length;
  const before = { companies: fetches('/settings/affiliate/company/all'), sources: fetches('/settings/source/all') };
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  await screen.findByRole('dialog');
  await waitFor(() => expect(fetches('/settings/affiliate/company/all')).toBeGreaterThan(before.companies));
  await waitFor(() => expect(fetches('/settings/source/all')).toBeGreaterThan(before.sources));
});

test('creates a rule with conditions and two tiers; the shares follow the weights as they are typed', async () => {
  const http = renderEditor({ status: 201, data: { message: 'Rule successfully created', data: ruleFixture({ id: 2, position: 2 }) } });
  await screen.findByText('DE traffic');
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  const drawer = await screen.findByRole('dialog');
  await userEvent.type(within(drawer).getByLabelText('Name'), 'Austria');
  await pick('Countries', 'Austria (AT)');
  await pick('Affiliate companies', 'Acme Media');
  await pick('Sources', 'Google');
  await userEvent.type(within(drawer).getByLabelText('Funnels'), 'crypto{enter}');

  await pick('Department 1.1', 'Broker One - Berlin');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Add department 1' }));
  await pick('Department 1.2', 'Broker One - Vienna');
  await userEvent.clear(within(drawer).getByLabelText('Weight 1.1'));
  await userEvent.type(within(drawer).getByLabelText('Weight 1.1'), '3');
  await waitFor(() => expect(screen.getByTestId('tier-0-percentage-0')).toHaveTextContent('75%'));
  expect(screen.getByTestId('tier-0-percentage-1')).toHaveTextContent('25%');

  await userEvent.click(within(drawer).getByRole('button', { name: /Add tier/ }));
  await pick('Department 2.1', 'Broker Two - Zurich');
  expect(screen.getByTestId('tier-1-percentage-0')).toHaveTextContent('100%');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(writes(http)).toHaveLength(1));
  expect(writes(http)[0]!.url).toBe('/distribution/rules');
  expect(requestBody(writes(http)[0]!)).toEqual({
    name: 'Austria',
    is_enabled: true,
    affiliate_company_ids: [7],
    source_ids: [9],
    countries: ['AT'],
    languages: [],
    funnels: ['crypto'],
    sub1: [],
    sub2: [],
    sub3: [],
    sub4: [],
    sub5: [],
    tiers: [
      {
        departments: [
          { department_id: 3, weight: 3 },
          { department_id: 4, weight: 1 },
        ],
      },
      { departments: [{ department_id: 5, weight: 1 }] },
    ],
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test("edits a rule: its values are loaded, and a 422's messages show under the fields they name", async () => {
  const http = renderEditor({
    status: 422,
    data: {
      message: 'The country QQ does not exist.',
      errors: {
        'countries.0': ['The country QQ does not exist.'],
        'tiers.0.departments.0.weight': ['The weight must be at least 1.'],
        'tiers.0.departments': ['A tier needs at least one department.'],
      },
    },
  });
  const row = (await screen.findByText('DE traffic')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const drawer = await screen.findByRole('dialog');
  expect(within(drawer).getByLabelText('Name')).toHaveValue('DE traffic');
  expect(within(formItemOf(within(drawer).getByLabelText('Countries'))).getByText('Germany (DE)')).toBeInTheDocument();
  expect(within(formItemOf(within(drawer).getByLabelText('Department 1.1'))).getByText('Broker One - Berlin')).toBeInTheDocument();
  await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(writes(http)).toHaveLength(1));
  expect(writes(http)[0]!.url).toBe('/distribution/rules/1');
  expect(await within(formItemOf(within(drawer).getByLabelText('Countries'))).findByText('The country QQ does not exist.')).toBeInTheDocument();
  expect(within(formItemOf(within(drawer).getByLabelText('Weight 1.1'))).getByText('The weight must be at least 1.')).toBeInTheDocument();
  expect(within(drawer).getByText('A tier needs at least one department.')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('in Countries, "DE" and Enter picks Germany, not Bangladesh listed before it with "de" in its name', async () => {
  const country = (id: number, name: string, code: string) => ({ id, name, iso_3166_2: code, calling_code: '', flag: '' });
  renderEditor({ status: 201, data: {} }, { 'GET /settings/country/all': { status: 200, data: { data: [country(3, 'Bangladesh', 'BD'), country(1, 'Germany', 'DE')] } } });
  await screen.findByText('DE traffic');
  await userEvent.click(screen.getByRole('button', { name: 'Create' }));
  const countries = within(await screen.findByRole('dialog')).getByLabelText('Countries');
  await userEvent.type(countries, 'DE');
  // rc-select reads the key from `which`, which user-event does not set.
  fireEvent.keyDown(countries, { key: 'Enter', keyCode: 13, which: 13 });

  const picked = formItemOf(countries).querySelectorAll('.ant-select-selection-item');
  expect(Array.from(picked, (item) => item.textContent)).toEqual(['Germany (DE)']);
});
