import { configure, formItemOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import type { DepartmentHours } from '@crm/shared/contract';
import { RemotePage } from '../../../RemotePage.ts';
import { HoursForm } from '../components/HoursForm.tsx';

// Whole antd forms in jsdom take seconds on a busy machine.
jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 20_000 });

const hours: DepartmentHours = {
  department_id: 3,
  time_zone: 'Europe/Berlin',
  windows: [{ weekday: 1, from: '09:00', to: '18:00' }],
  closed_dates: ['2026-12-24'],
};

function renderForm(
  permissions: string[],
  put: Parameters<typeof stubApi>[0][string] = (request) => ({ status: 200, data: { data: { department_id: 3, ...(requestBody(request) as object) } } }),
) {
  const http = stubApi({ 'GET /broker/department/3/hours': { status: 200, data: { data: hours } }, 'PUT /broker/department/3/hours': put });
  renderWithProviders(
    <RemotePage>
      <HoursForm departmentId={3} />
    </RemotePage>,
    { session: signedInSession(permissions) },
  );
  return http;
}

const puts = (http: ReturnType<typeof stubApi>) => http.adapter.requests.filter((request) => request.method === 'put');

test('shows the zone, the windows and the closed dates; a window across midnight is added and the whole hours sent', async () => {
  const http = renderForm(['broker.department.view', 'broker.department.update']);
  expect(await screen.findByLabelText('From 1')).toHaveValue('09:00');
  expect(screen.getByLabelText('To 1')).toHaveValue('18:00');
  expect(within(formItemOf(screen.getByLabelText('Time zone'))).getByText('Europe/Berlin')).toBeInTheDocument();
  expect(within(formItemOf(screen.getByLabelText('Weekday 1'))).getByText('Monday')).toBeInTheDocument();
  expect(screen.getByText('2026-12-24')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: /Add window/ }));
  await userEvent.click(screen.getByLabelText('Weekday 2'));
  await userEvent.click(await screen.findByText('Friday', { selector: '.ant-select-item-option-content' }));
  await userEvent.clear(screen.getByLabelText('From 2'));
  await userEvent.type(screen.getByLabelText('From 2'), '20:00');
  await userEvent.clear(screen.getByLabelText('To 2'));
  await userEvent.type(screen.getByLabelText('To 2'), '03:00');
  await userEvent.type(screen.getByLabelText('Closed dates'), '2026-12-31{Enter}');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(puts(http)).toHaveLength(1));
  expect(requestBody(puts(http)[0]!)).toEqual({
    time_zone: 'Europe/Berlin',
    windows: [
      { weekday: 1, from: '09:00', to: '18:00' },
      { weekday: 5, from: '20:00', to: '03:00' },
    ],
    closed_dates: ['2026-12-24', '2026-12-31'],
  });
});

test('removing every window says the department is open around the clock', async () => {
  renderForm(['broker.department.view', 'broker.department.update']);
  await userEvent.click(await screen.findByRole('button', { name: 'Remove window 1' }));
  expect(screen.getByTestId('hours-always-open')).toHaveTextContent('No windows: open around the clock');
});

test("the server's refusals show under the window field and the closed dates they name", async () => {
  renderForm(['broker.department.view', 'broker.department.update'], {
    status: 422,
    data: {
      message: 'The end must differ from the start.',
      errors: { 'windows.0.to': ['The end must differ from the start.'], 'closed_dates.0': ['A closed date must be a day like 2026-12-24.'] },
    },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
  expect(await within(formItemOf(screen.getByLabelText('To 1'))).findByText('The end must differ from the start.')).toBeInTheDocument();
  expect(within(formItemOf(screen.getByLabelText('Closed dates'))).getByText('A closed date must be a day like 2026-12-24.')).toBeInTheDocument();
  expect(within(formItemOf(screen.getByLabelText('From 1'))).queryByText(/must/)).not.toBeInTheDocument();
});

test('without broker.department.update the hours are read-only', async () => {
  renderForm(['broker.department.view']);
  expect(await screen.findByLabelText('From 1')).toBeDisabled();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add window/ })).not.toBeInTheDocument();
});
