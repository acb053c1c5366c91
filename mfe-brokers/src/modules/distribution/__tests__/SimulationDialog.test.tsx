import { configure, fireEvent, formItemOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import type { Simulation, SimulationResult } from '@crm/shared/contract';
import DistributionRulesPage from '../../../exposes/DistributionRulesPage.tsx';
import { optionPermissions, ruleFixture, ruleOptionReplies } from './ruleFixtures.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

type Handler = Parameters<typeof stubApi>[0][string];

const at = '2026-11-26T10:00:00.000Z';
const result: SimulationResult = {
  leads: 10,
  draft: true,
  assumes_delivery: true,
  stopped: false,
  by_department: [
    { department_id: 3, label: 'Broker One - Berlin', leads: 6 },
    { department_id: 5, label: 'Broker Two - Zurich', leads: 1 },
  ],
  unassigned_by_reason: [{ code: 'CAP_REACHED', leads: 3 }],
  cap_fill: [{ department_id: 3, hour: '2026-11-26T09:00:00.000Z', delivered: 4, caps: [{ period: 'day', country: null, used: 4, cap: 6 }] }],
  cap_fill_truncated: false,
};

function simulation(overrides: Partial<Simulation>): Simulation {
  return {
    id: 11,
    type: 'distribution.simulate',
    name: 'Distribution simulation',
    status: 'running',
    total: 10,
    pending: 6,
    processed: 4,
    failed: 0,
    progress: 40,
    error: null,
    attempts: 1,
    stalled: false,
    result: null,
    cancelled_at: null,
    finished_at: null,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

function renderRules(start: Handler) {
  let polls = 0;
  const http = stubApi({
    ...ruleOptionReplies,
    'GET /distribution/rules': { status: 200, data: { data: [ruleFixture(), ruleFixture({ id: 2, position: 2, name: 'Catch-all', countries: [] })] } },
    'POST /distribution/simulations': start,
    // Running at the first look, finished at the next.
    'GET /distribution/simulations/11': () => {
      polls += 1;
      return { status: 200, data: { data: polls === 1 ? simulation({}) : simulation({ status: 'finished', progress: 100, processed: 10, pending: 0, result }) } };
    },
  });
  renderWithProviders(<DistributionRulesPage />, {
    session: signedInSession(['distribution.rule.view', 'distribution.rule.update', ...optionPermissions]),
  });
  return http;
}

const posts = (http: ReturnType<typeof stubApi>) => http.adapter.requests.filter((request) => request.method === 'post');
const started = { status: 202, data: { message: 'The simulation has started.', data: simulation({ status: 'pending', progress: 0, processed: 0 }) } };

test("the editor simulates the saved rules with its draft in the rule's place: progress, then the split and the reasons", async () => {
  const http = renderRules(started);
  const row = (await screen.findByText('DE traffic')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const drawer = await screen.findByRole('dialog');
  await userEvent.clear(within(drawer).getByLabelText('Name'));
  await userEvent.type(within(drawer).getByLabelText('Name'), 'DE draft');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Simulate' }));
  // The dialog opens over the drawer (both dialogs: the newest is the simulator's).
  await screen.findByText('Simulate with this draft');
  const dialog = screen.getAllByRole('dialog').at(-1)!;
  expect(dialog).toHaveTextContent('Simulate with this draft');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));

  await waitFor(() => expect(posts(http)).toHaveLength(1));
  const body = requestBody(posts(http)[0]!) as { from: string; to: string; time_zone: string; rules: { name: string }[] };
  expect(body.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(body.to).toBe(body.from);
  expect(body.time_zone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  expect(body.rules.map((rule) => rule.name)).toEqual(['DE draft', 'Catch-all']);

  expect(await within(dialog).findByTestId('simulation-progress')).toBeInTheDocument();
  const departments = await within(dialog).findByTestId('simulation-departments', {}, { timeout: 10_000 });
  const berlin = within(departments).getByText('Broker One - Berlin').closest('tr')!;
  expect(berlin).toHaveTextContent('6');
  expect(berlin).toHaveTextContent('60%');
  expect(within(within(dialog).getByTestId('simulation-unassigned')).getByText('Cap reached').closest('tr')).toHaveTextContent('30%');
  expect(within(dialog).getByTestId('simulation-cap-fill')).toHaveTextContent('day 4/6');
});

test('submits in a row (Enter in the period) start one simulation: Run stays loading until it ends, Enter meanwhile starts none', async () => {
  const http = renderRules(started);
  await screen.findByText('DE traffic');
  await userEvent.click(screen.getByRole('button', { name: 'Simulate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Simulate the saved rules' });
  const form = within(dialog).getByTestId('simulation-form');
  fireEvent.submit(form);
  fireEvent.submit(form);

  expect(await within(dialog).findByTestId('simulation-progress')).toBeInTheDocument();
  expect(posts(http)).toHaveLength(1);
  const run = within(dialog).getByRole('button', { name: /Run/ });
  expect(run).toHaveClass('ant-btn-loading');
  fireEvent.submit(form);
  await within(dialog).findByTestId('simulation-departments', {}, { timeout: 10_000 });
  await waitFor(() => expect(run).not.toHaveClass('ant-btn-loading'));
  expect(posts(http)).toHaveLength(1);
});

test('the rules page simulates the saved rules; a refused period shows under the field', async () => {
  const http = renderRules({ status: 422, data: { message: 'The end must not be before the start.', errors: { to: ['The end must not be before the start.'] } } });
  await screen.findByText('DE traffic');
  await userEvent.click(screen.getByRole('button', { name: 'Simulate' }));
  const dialog = await screen.findByRole('dialog', { name: 'Simulate the saved rules' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));

  await waitFor(() => expect(posts(http)).toHaveLength(1));
  expect((requestBody(posts(http)[0]!) as { rules: unknown }).rules).toBeNull();
  expect(await within(formItemOf(within(dialog).getAllByTestId('simulation-period')[0]!)).findByText('The end must not be before the start.')).toBeInTheDocument();
  expect(within(dialog).queryByTestId('simulation-progress')).not.toBeInTheDocument();
});

test("a refusal of the draft rule shows under the editor's field", async () => {
  const http = renderRules({
    status: 422,
    data: { message: 'The country QQ does not exist.', errors: { 'rules.0.countries.0': ['The country QQ does not exist.'] } },
  });
  const row = (await screen.findByText('DE traffic')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const drawer = await screen.findByRole('dialog');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Simulate' }));
  await screen.findByText('Simulate with this draft');
  const dialog = screen.getAllByRole('dialog').at(-1)!;
  await userEvent.click(within(dialog).getByRole('button', { name: 'Run' }));

  await waitFor(() => expect(posts(http)).toHaveLength(1));
  expect(await within(formItemOf(within(drawer).getByLabelText('Countries'))).findByText('The country QQ does not exist.')).toBeInTheDocument();
});
