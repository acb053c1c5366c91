import { configure, screen, stubApi, within } from '@crm/shared/testing';
import { leadDetail, renderLeadRoutes, user } from '../../../testing/leadTestKit.tsx';

jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const empty = { data: [], meta: { current_page: 1, per_page: 10, total: 0, last_page: 1 } };
const histories = { 'GET /lead/5/histories/data': { status: 200, data: empty } };
const base = { lead_id: 5, rule_id: null, rule_name: null, attempts: 0, hold_until: null, next_attempt_at: null, delivered_department_id: null, delivered_department: null };
const berlin = { id: 8, label: 'Broker One - Berlin' };
const paris = { id: 9, label: 'Broker Two - Paris' };

async function openTab(distribution: object) {
  stubApi({ 'GET /lead/5': { status: 200, data: { data: leadDetail(5) } }, 'GET /lead/5/distribution': { status: 200, data: { data: distribution } }, ...histories });
  renderLeadRoutes('/lead/single/5');
  await user.click(await screen.findByTestId('lead-tab-distribution'));
}

test('a lead never queued: "Not distributed automatically"', async () => {
  await openTab({ ...base, state: null, reason_code: null, reason: null, decisions: [] });
  expect(await screen.findByTestId('lead-distribution-empty')).toHaveTextContent('Not distributed automatically');
});

test('delivered: the department, the rule, the broker calls and the verdicts grouped by call', async () => {
  const decision = (id: number, attempt: number, department: typeof berlin, code: string, detail: string) => ({
    id,
    attempt,
    tier: 0,
    department,
    code,
    detail,
    at: '2026-03-02T08:00:00.000Z',
  });
  await openTab({
    ...base,
    state: 'delivered',
    reason_code: 'DELIVERED',
    reason: null,
    rule_id: 3,
    rule_name: 'DE traffic',
    attempts: 2,
    delivered_department_id: 9,
    delivered_department: paris,
    decisions: [
      decision(1, 1, berlin, 'PICKED', 'picked (weight 30 of 100)'),
      decision(2, 1, berlin, 'BROKER_REFUSED', 'broker refused: Duplicate'),
      decision(3, 2, paris, 'PICKED', 'picked (weight 70 of 70)'),
      decision(4, 2, paris, 'DELIVERED', 'delivered (broker lead id B-1)'),
    ],
  });
  expect(await screen.findByTestId('lead-distribution-state')).toHaveTextContent('Delivered: Broker Two - Paris');
  expect(screen.getByTestId('lead-distribution-rule')).toHaveTextContent('DE traffic');
  expect(screen.getByTestId('lead-distribution-attempts')).toHaveTextContent('2');
  const first = within(screen.getByTestId('lead-distribution-attempt-1'));
  expect(first.getByRole('heading', { name: 'Call 1' })).toBeInTheDocument();
  expect(first.getByText('Broker refused')).toBeInTheDocument();
  expect(first.getByText('broker refused: Duplicate')).toBeInTheDocument();
  expect(first.getAllByText('Broker One - Berlin')).toHaveLength(2);
  const second = within(screen.getByTestId('lead-distribution-attempt-2'));
  expect(second.getByText('delivered (broker lead id B-1)')).toBeInTheDocument();
  expect(second.queryByText('Broker One - Berlin')).not.toBeInTheDocument();
});

test('held and unassigned: the state with its reason', async () => {
  await openTab({ ...base, state: 'unassigned', reason_code: 'NO_RULE', reason: 'no rule matches the lead', decisions: [] });
  expect(await screen.findByTestId('lead-distribution-state')).toHaveTextContent('Unassigned: no rule matches the lead');
});

test('held: what holds the lead and when it is tried next', async () => {
  await openTab({
    ...base,
    state: 'held',
    reason_code: 'CLOSED',
    reason: 'closed until 09:00 Europe/Berlin',
    attempts: 0,
    hold_until: '2026-03-03T08:00:00.000Z',
    next_attempt_at: '2026-03-02T08:00:00.000Z',
    decisions: [{ id: 1, attempt: 1, tier: 0, department: berlin, code: 'CLOSED', detail: 'closed until 09:00 Europe/Berlin', at: '2026-03-02T06:00:00.000Z' }],
  });
  expect(await screen.findByTestId('lead-distribution-state')).toHaveTextContent('Held: closed until 09:00 Europe/Berlin');
  expect(screen.getByText('Next try')).toBeInTheDocument();
  const verdicts = within(screen.getByTestId('lead-distribution-attempt-1'));
  expect(verdicts.getByText('Broker One - Berlin')).toBeInTheDocument();
  // No call was made: the count says 0, and the verdicts are not headed as a call.
  expect(screen.getByTestId('lead-distribution-attempts')).toHaveTextContent('0');
  expect(verdicts.getByRole('heading', { name: 'Without a call' })).toBeInTheDocument();
});
