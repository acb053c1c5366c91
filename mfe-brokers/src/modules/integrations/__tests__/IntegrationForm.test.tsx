import { configure, formItemOf, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import SendIntegrationsPage from '../../../exposes/SendIntegrationsPage.tsx';
import { integrationFixture } from '../../../testing/brokerFixtures.ts';
import { enter } from '../../../testing/enter.ts';
import { integrationBody, usesCredential, usesResponseKey } from '../integrationForm.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

const integration = integrationFixture();
const permissions = ['send.integration.view', 'send.integration.create', 'send.integration.update'];

function renderPage() {
  const http = stubApi({
    'GET /send/integration': pageOf([integration]),
    'POST /send/integration': { status: 201, data: { message: 'Send integration successfully created', data: integration } },
    'PUT /send/integration/5': { status: 200, data: { message: 'Send integration successfully updated', data: integration } },
  });
  renderWithProviders(<SendIntegrationsPage />, { session: signedInSession(permissions) });
  return http;
}

const sent = (http: ReturnType<typeof renderPage>, method: string) => {
  const request = http.adapter.requests.find((candidate) => candidate.method === method);
  return request ? (requestBody(request) as Record<string, unknown>) : undefined;
};

async function choose(dialog: HTMLElement, label: string, option: string) {
  await userEvent.click(within(dialog).getByLabelText(label));
  await userEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('integration form rules', () => {
  test('each auth type shows its credentials, and a middleware adds the ones its format sends', () => {
    expect(usesCredential({ auth_type: 'none' }, 'username')).toBe(false);
    expect(usesCredential({ auth_type: 'basic' }, 'password')).toBe(true);
    expect(usesCredential({ auth_type: 'bearer' }, 'api_token')).toBe(true);
    expect(usesCredential({ auth_type: 'bearer' }, 'api_key')).toBe(false);
    expect(usesCredential({ auth_type: 'token_exchange' }, 'token_url')).toBe(true);
    expect(usesCredential({ auth_type: 'none', middleware: 'trackbox' }, 'api_key')).toBe(true);
    expect(usesCredential({ auth_type: 'none', middleware: 'elnopy' }, 'api_token')).toBe(true);
  });

  test('the success test inputs follow the response type; blank paths are not sent', () => {
    expect(usesResponseKey({ response_type: 'http_2xx' }, 'success_path')).toBe(false);
    expect(usesResponseKey({ response_type: 'json_path_equals' }, 'success_value')).toBe(true);
    expect(usesResponseKey({ response_type: 'body_contains' }, 'body_contains')).toBe(true);
    expect(integrationBody({ name: 'x', response_content: { lead_id_path: 'data.id', error_path: ' ', autologin_path: undefined } })).toEqual({
      name: 'x',
      response_content: { lead_id_path: 'data.id' },
    });
  });
});

test('the create form shows only the credentials the chosen auth type uses, and sends no hidden one', async () => {
  const http = renderPage();
  await userEvent.click(await screen.findByRole('button', { name: /Create/ }));
  const dialog = await screen.findByRole('dialog');
  const connection = within(dialog).getByRole('region', { name: 'Connection' });
  expect(within(connection).queryByLabelText('Username')).not.toBeInTheDocument();
  expect(within(connection).queryByLabelText('Password')).not.toBeInTheDocument();
  expect(within(connection).queryByLabelText('API key')).not.toBeInTheDocument();
  // No postback URL before the integration exists.
  expect(within(dialog).queryByText('Postback URL')).not.toBeInTheDocument();

  await choose(dialog, 'Authentication', 'Header key (x-api-key)');
  expect(await within(connection).findByLabelText('API key')).toBeInTheDocument();
  expect(within(connection).queryByLabelText('Username')).not.toBeInTheDocument();
  await enter(within(connection).getByLabelText('API key'), 'key-1');

  await choose(dialog, 'Authentication', 'Basic (username and password)');
  await waitFor(() => expect(within(connection).queryByLabelText('API key')).not.toBeInTheDocument());
  await enter(within(connection).getByLabelText('Username'), 'hub');
  await enter(within(connection).getByLabelText('Password'), 's3cret');
  await enter(within(dialog).getByLabelText('Name'), 'New API');
  await enter(within(dialog).getByLabelText('Site URL'), 'https://new.test');
  // The broker call timeout starts at the API's default and is sent as set.
  const timeout = within(dialog).getByLabelText('Call timeout (seconds)');
  expect(timeout).toHaveValue('15');
  await userEvent.clear(timeout);
  await userEvent.type(timeout, '30');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sent(http, 'post')).toBeDefined());
  const body = sent(http, 'post')!;
  expect(body).toMatchObject({
    name: 'New API',
    site_url: 'https://new.test',
    auth_type: 'basic',
    username: 'hub',
    password: 's3cret',
    middleware: null,
    response_type: 'http_2xx',
    response_content: {},
    timeout_seconds: 30,
  });
  expect(body).not.toHaveProperty('api_key');
  expect(body).not.toHaveProperty('token_url');
});

test('editing keeps untouched secrets (left out), sends a typed one, and shows masks and the postback URL', async () => {
  const http = renderPage();
  const row = (await screen.findByText('Hub API')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');

  const password = within(dialog).getByLabelText('Password');
  expect(password).toHaveValue('');
  expect(password).toHaveAttribute('placeholder', '••••yz');
  expect(within(dialog).getByLabelText('Push API key')).toHaveAttribute('placeholder', '••••42');
  expect(within(dialog).getByText(integration.postback_url)).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Success path')).toHaveValue('status');
  expect(within(dialog).queryByLabelText('Body contains')).not.toBeInTheDocument();

  await enter(password, 'n3w-pass');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sent(http, 'put')).toBeDefined());
  const body = sent(http, 'put')!;
  expect(body['password']).toBe('n3w-pass');
  for (const secret of ['api_token', 'access_token', 'token', 'api_key', 'push_api_key', 'pull_api_key', 'lead_password']) expect(body).not.toHaveProperty(secret);
  expect(body).toMatchObject({ username: 'hub-user', response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.id' }, allowed_ips: ['203.0.113.0/24'] });
  expect(body).not.toHaveProperty('postback_url');
  expect(body).not.toHaveProperty('departments');
});

test('a stored secret can be cleared (sent as null), and a 422 shows under its field', async () => {
  const http = stubApi({
    'GET /send/integration': pageOf([integration]),
    'PUT /send/integration/5': {
      status: 422,
      data: { message: 'The password is required for basic authentication.', errors: { password: ['The password is required for basic authentication.'] } },
    },
  });
  renderWithProviders(<SendIntegrationsPage />, { session: signedInSession(permissions) });
  const row = (await screen.findByText('Hub API')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog');
  const passwordItem = formItemOf(within(dialog).getByLabelText('Password'));

  await userEvent.click(within(passwordItem).getByRole('button', { name: 'Clear' }));
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await within(passwordItem).findByText('The password is required for basic authentication.')).toBeInTheDocument();
  expect(requestBody(http.adapter.requests.find((request) => request.method === 'put')!)).toMatchObject({ password: null });
});
