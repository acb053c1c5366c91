import { emitLiveSignal, liveActions } from '@crm/shared';
import { act, configure, renderWithProviders, screen, signedInSession, stubApi, within } from '@crm/shared/testing';
import type { CapsBoardRow } from '@crm/shared/contract';
import DepartmentCapsPage from '../../../exposes/DepartmentCapsPage.tsx';

jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 20_000 });

/** Within the coming week of whenever the test runs: shown as weekday and time in the department's zone. */
const soon = new Date(Date.now() + 3 * 3_600_000);
const soonInBerlin = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(soon);

const rows: CapsBoardRow[] = [
  {
    department: { id: 3, branch_name: 'Berlin', is_active: true, broker: { id: 1, name: 'Broker One' } },
    time_zone: 'Europe/Berlin',
    hours_configured: true,
    open: true,
    next_change: soon.toISOString(),
    refusals_count: false,
    caps: [
      { period: 'day', country: null, used: 12, cap: 50, period_start: '2026-06-01T22:00:00.000Z' },
      { period: 'day', country: 'DE', used: 20, cap: 20, period_start: '2026-06-01T22:00:00.000Z' },
      { period: 'total', country: null, used: 700, cap: 5000, period_start: null },
    ],
    pacing: { per_hour: 10, used: 4 },
    circuit: { state: 'closed', failures: 0, open_until: null },
  },
  {
    department: { id: 4, branch_name: 'Vienna', is_active: false, broker: { id: 2, name: 'Broker Two' } },
    time_zone: 'UTC',
    hours_configured: false,
    open: false,
    next_change: '2099-01-02T09:00:00.000Z',
    refusals_count: true,
    caps: [],
    pacing: null,
    circuit: { state: 'open', failures: 5, open_until: soon.toISOString() },
  },
  {
    department: { id: 5, branch_name: 'Madrid', is_active: true, broker: { id: 2, name: 'Broker Two' } },
    time_zone: 'UTC',
    hours_configured: false,
    open: true,
    next_change: null,
    refusals_count: false,
    caps: [],
    pacing: null,
    circuit: { state: 'half_open', failures: 6, open_until: '2026-06-01T10:00:00.000Z' },
  },
];
const soonInUtc = new Intl.DateTimeFormat('en', { timeZone: 'UTC', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(soon);

test('each department: open or closed with the next change in its zone, used / cap per period and country, pacing, circuit', async () => {
  stubApi({ 'GET /distribution/caps': { status: 200, data: { data: rows } } });
  renderWithProviders(<DepartmentCapsPage />, { session: signedInSession(['broker.department.caps.view']) });

  const berlin = (await screen.findByText('Berlin')).closest('tr')!;
  expect(within(berlin).getByText('Open')).toBeInTheDocument();
  expect(within(berlin).getByText(`until ${soonInBerlin}`)).toBeInTheDocument();
  expect(within(berlin).getByText('Europe/Berlin')).toBeInTheDocument();
  const caps = within(berlin).getAllByTestId('board-cap');
  expect(caps.map((line) => line.textContent)).toEqual(['Today · all countries12 / 50', 'Today · DE20 / 20', 'In total · all countries700 / 5000']);
  expect(within(caps[1]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  expect(within(berlin).getByText('4 / 10 this hour')).toBeInTheDocument();

  const vienna = screen.getByText('Vienna').closest('tr')!;
  expect(within(vienna).getByText('Closed')).toBeInTheDocument();
  expect(within(vienna).getByText('opens 01/02/2099, 09:00')).toBeInTheDocument();
  expect(within(vienna).getByText('Inactive')).toBeInTheDocument();
  expect(within(vienna).getByText('No caps')).toBeInTheDocument();
  expect(within(vienna).getByText('No pacing')).toBeInTheDocument();

  const circuitOf = (name: string) => within(screen.getByText(name).closest('tr')!).getByTestId('board-circuit');
  expect(circuitOf('Berlin')).toHaveTextContent(/^Circuit closed$/);
  expect(circuitOf('Vienna')).toHaveTextContent(`Circuit openfails fast until ${soonInUtc}5 failures in a row`);
  expect(circuitOf('Madrid')).toHaveTextContent('Circuit half-openone trial call may go6 failures in a row');
});

test("a department's caps read from the shortest period to the longest, whatever order the API sends them in", async () => {
  const usage = (period: CapsBoardRow['caps'][number]['period'], cap: number) => ({ period, country: null, used: 1, cap, period_start: null });
  const berlin = { ...rows[0]!, caps: [usage('day', 10), usage('month', 300), usage('total', 5000), usage('week', 70)] };
  stubApi({ 'GET /distribution/caps': { status: 200, data: { data: [berlin] } } });
  renderWithProviders(<DepartmentCapsPage />, { session: signedInSession(['broker.department.caps.view']) });

  const row = (await screen.findByText('Berlin')).closest('tr')!;
  expect(
    within(row)
      .getAllByTestId('board-cap')
      .map((line) => line.textContent),
  ).toEqual(['Today · all countries1 / 10', 'This week · all countries1 / 70', 'This month · all countries1 / 300', 'In total · all countries1 / 5000']);
});

test('a caps event reads the board again', async () => {
  let reads = 0;
  stubApi({
    'GET /distribution/caps': () => {
      reads += 1;
      const [berlin] = rows;
      return { status: 200, data: { data: [{ ...berlin!, caps: [{ period: 'day', country: null, used: 11 + reads, cap: 50, period_start: null }] }] } };
    },
  });
  const { store } = renderWithProviders(<DepartmentCapsPage />, { session: signedInSession(['broker.department.caps.view']) });
  act(() => void store.dispatch(liveActions.statusChanged('open')));
  expect(await screen.findByText('12 / 50')).toBeInTheDocument();
  expect(reads).toBe(1);

  act(() => emitLiveSignal('caps', { department_ids: [3] }));
  expect(await screen.findByText('13 / 50')).toBeInTheDocument();
  expect(reads).toBe(2);
});
