import { configure, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import DistributionRulesPage from '../../../exposes/DistributionRulesPage.tsx';
import { optionPermissions, ruleFixture, ruleOptionReplies } from './ruleFixtures.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

const rules = [
  ruleFixture({ id: 1, position: 1, name: 'DE traffic', affiliate_company_ids: [7], funnels: ['crypto'] }),
  ruleFixture({
    id: 2,
    position: 2,
    name: 'Catch-all',
    is_enabled: false,
    countries: [],
    tiers: [
      {
        departments: [
          { department_id: 3, branch_name: 'Berlin', broker_name: 'Broker One', weight: 3, percentage: 75 },
          { department_id: 4, branch_name: 'Vienna', broker_name: 'Broker One', weight: 1, percentage: 25 },
        ],
      },
      { departments: [{ department_id: 5, branch_name: 'Zurich', broker_name: 'Broker Two', weight: 1, percentage: 100 }] },
    ],
  }),
];

function renderRules(permissions: readonly string[]) {
  const http = stubApi({
    ...ruleOptionReplies,
    'GET /distribution/rules': { status: 200, data: { data: rules } },
    'PUT /distribution/rules/2/enabled': { status: 200, data: { message: 'Rule successfully updated', data: { ...rules[1], is_enabled: true } } },
    'PUT /distribution/rules/1/position': { status: 200, data: { data: [rules[1], rules[0]] } },
  });
  renderWithProviders(<DistributionRulesPage />, { session: signedInSession([...permissions, ...optionPermissions]) });
  return http;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

test('lists the rules in order with their conditions, tiers and shares; the toggle enables, the arrows move', async () => {
  const http = renderRules(['distribution.rule.view', 'distribution.rule.update']);
  const first = await rowOf('DE traffic');
  expect(within(first).getByText('Affiliate companies: Acme Media')).toBeInTheDocument();
  expect(within(first).getByText('Countries: DE')).toBeInTheDocument();
  expect(within(first).getByText('Funnels: crypto')).toBeInTheDocument();
  const second = await rowOf('Catch-all');
  expect(within(second).getByText('Every lead')).toBeInTheDocument();
  expect(within(second).getByText('Tier 1: Broker One - Berlin 75%, Broker One - Vienna 25%')).toBeInTheDocument();
  expect(within(second).getByText('Tier 2: Broker Two - Zurich 100%')).toBeInTheDocument();
  const order = screen.getAllByRole('row').map((row) => row.textContent ?? '');
  expect(order.findIndex((text) => text.includes('DE traffic'))).toBeLessThan(order.findIndex((text) => text.includes('Catch-all')));
  expect(within(first).queryByRole('button', { name: 'Move up' })).not.toBeInTheDocument();
  expect(within(second).queryByRole('button', { name: 'Move down' })).not.toBeInTheDocument();

  await userEvent.click(within(second).getByRole('switch', { name: 'Enabled Catch-all' }));
  await waitFor(() => expect(http.adapter.requests.some((request) => request.url === '/distribution/rules/2/enabled')).toBe(true));
  expect(requestBody(http.adapter.requests.find((request) => request.url === '/distribution/rules/2/enabled')!)).toEqual({ is_enabled: true });

  await userEvent.click(within(first).getByRole('button', { name: 'Move down' }));
  await waitFor(() => expect(http.adapter.requests.some((request) => request.url === '/distribution/rules/1/position')).toBe(true));
  expect(requestBody(http.adapter.requests.find((request) => request.url === '/distribution/rules/1/position')!)).toEqual({ position: 2 });
});

test('a viewer sees the rules without toggles, arrows, create, edit or delete', async () => {
  renderRules(['distribution.rule.view']);
  const row = await rowOf('Catch-all');
  expect(within(row).getByText('Disabled')).toBeInTheDocument();
  expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
  expect(within(row).queryByRole('button', { name: 'Move up' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
});
