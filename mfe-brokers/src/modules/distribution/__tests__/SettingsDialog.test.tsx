import { configure, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import DistributionRulesPage from '../../../exposes/DistributionRulesPage.tsx';
import { optionPermissions, ruleOptionReplies } from './ruleFixtures.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

function renderRules(permissions: readonly string[], put: Parameters<typeof stubApi>[0][string]) {
  const http = stubApi({
    ...ruleOptionReplies,
    'GET /distribution/rules': { status: 200, data: { data: [] } },
    'GET /distribution/settings': { status: 200, data: { data: { max_attempts: 3, hold_hours: 24 } } },
    'PUT /distribution/settings': put,
  });
  renderWithProviders(<DistributionRulesPage />, { session: signedInSession([...permissions, ...optionPermissions]) });
  return http;
}

const puts = (http: ReturnType<typeof stubApi>) => http.adapter.requests.filter((request) => request.method === 'put');

async function openSettings() {
  await userEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  return screen.findByRole('dialog');
}

test('the settings open with their values; a save sends both and closes', async () => {
  const http = renderRules(['distribution.rule.view', 'distribution.rule.update'], (request) => ({ status: 200, data: { data: requestBody(request) } }));
  const dialog = await openSettings();
  const attempts = await within(dialog).findByLabelText('Broker calls per lead at most');
  expect(attempts).toHaveValue('3');
  expect(within(dialog).getByLabelText('Hold time (hours)')).toHaveValue('24');
  await userEvent.clear(attempts);
  await userEvent.type(attempts, '2');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(puts(http)).toHaveLength(1));
  expect(requestBody(puts(http)[0]!)).toEqual({ max_attempts: 2, hold_hours: 24 });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a refusal shows under its field and the dialog stays', async () => {
  renderRules(['distribution.rule.view', 'distribution.rule.update'], () => ({
    status: 422,
    data: { message: 'The given data was invalid.', errors: { hold_hours: ['At most 168 hours (a week).'] } },
  }));
  const dialog = await openSettings();
  const hold = await within(dialog).findByLabelText('Hold time (hours)');
  await userEvent.clear(hold);
  await userEvent.type(hold, '500');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('At most 168 hours (a week).')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

test('without the update permission the values are shown, read-only, with no save', async () => {
  renderRules(['distribution.rule.view'], () => ({ status: 500, data: {} }));
  const dialog = await openSettings();
  expect(await within(dialog).findByLabelText('Broker calls per lead at most')).toBeDisabled();
  expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
});
