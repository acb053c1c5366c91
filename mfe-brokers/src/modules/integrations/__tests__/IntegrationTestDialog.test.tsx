import type { IntegrationTestResult } from '@crm/shared/contract';
import { configure, pageOf, renderWithProviders, requestBody, screen, signedInSession, stubApi, userEvent, waitFor, within } from '@crm/shared/testing';
import SendIntegrationsPage from '../../../exposes/SendIntegrationsPage.tsx';
import { integrationFixture } from '../../../testing/brokerFixtures.ts';

jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

const sentReply: IntegrationTestResult = {
  dry_run: false,
  token_request: { method: 'POST', url: 'https://hub.test/oauth/token', headers: { 'content-type': 'application/json' }, body: '{"username":"hub-user","password":"••••"}' },
  request: { method: 'POST', url: 'https://hub.test/api/leads', headers: { authorization: 'Bearer ••••', 'content-type': 'application/json' }, body: '{"email":"test.lead@example.com"}' },
  response: { status: 201, headers: { 'content-type': 'application/json' }, body: '{"status":"ok","data":{"id":"L-77"}}' },
  error: null,
  outcome: { success: true, failure_status: null, api_lead_id: 'L-77', lead_url: 'https://hub.test/autologin/77', client_url: null },
  duration_ms: 184,
};

function renderPage(reply: IntegrationTestResult, permissions = ['send.integration.view', 'send.integration.update']) {
  const http = stubApi({
    'GET /send/integration': pageOf([integrationFixture()]),
    'POST /send/integration/5/test': { status: 200, data: { data: reply } },
  });
  renderWithProviders(<SendIntegrationsPage />, { session: signedInSession(permissions) });
  return http;
}

async function openTest() {
  const row = (await screen.findByText('Hub API')).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Test' }));
  return screen.findByRole('dialog');
}

test('runs the sample lead for real and shows the token request, the exact request, the response and the outcome', async () => {
  const http = renderPage(sentReply);
  const dialog = await openTest();
  expect(within(dialog).getByLabelText('Email')).toHaveValue('test.lead@example.com');
  expect(within(dialog).getByRole('switch', { name: 'Dry run' })).toBeChecked();

  await userEvent.click(within(dialog).getByRole('switch', { name: 'Dry run' }));
  await userEvent.click(within(dialog).getByTestId('integration-test-run'));

  const request = await within(dialog).findByTestId('integration-test-request');
  expect(requestBody(http.adapter.requests.find((candidate) => candidate.method === 'post')!)).toEqual({
    dry_run: false,
    lead: { name: 'Test', surname: 'Lead', email: 'test.lead@example.com', phone: '+4915112345678', country: 'DE', language: 'de', ip: '203.0.113.10', funnel: 'test' },
  });
  expect(within(dialog).getByTestId('integration-test-token-request')).toHaveTextContent('POST https://hub.test/oauth/token');
  expect(request).toHaveTextContent('POST https://hub.test/api/leads');
  expect(within(request).getByTestId('integration-test-request-headers')).toHaveTextContent('authorization: Bearer ••••');
  expect(within(request).getByTestId('integration-test-request-body')).toHaveTextContent('{"email":"test.lead@example.com"}');
  const response = within(dialog).getByTestId('integration-test-response');
  expect(response).toHaveTextContent('HTTP 201');
  expect(response).toHaveTextContent('content-type: application/json');
  expect(response).toHaveTextContent('{"status":"ok","data":{"id":"L-77"}}');
  const outcome = within(dialog).getByTestId('integration-test-outcome');
  expect(within(outcome).getByText('Yes')).toBeInTheDocument();
  expect(outcome).toHaveTextContent('L-77');
  expect(within(outcome).getByRole('link', { name: 'https://hub.test/autologin/77' })).toHaveAttribute('href', 'https://hub.test/autologin/77');
  expect(outcome).toHaveTextContent('184 ms');
});

test('a dry run shows the built request and that nothing was sent; a network error shows instead of a response', async () => {
  renderPage({ ...sentReply, dry_run: true, token_request: null, response: null, outcome: null, duration_ms: null });
  const dialog = await openTest();
  await userEvent.click(within(dialog).getByTestId('integration-test-run'));

  expect(await within(dialog).findByTestId('integration-test-request')).toHaveTextContent('POST https://hub.test/api/leads');
  expect(within(dialog).queryByTestId('integration-test-token-request')).not.toBeInTheDocument();
  expect(within(dialog).getByText('Dry run: the request was built, not sent.')).toBeInTheDocument();
  expect(within(dialog).getByTestId('integration-test-response')).toHaveTextContent('Not sent (dry run).');
});

test('a network error is shown in place of the response, with the failed outcome', async () => {
  renderPage({
    ...sentReply,
    token_request: null,
    response: null,
    error: 'connect ECONNREFUSED 127.0.0.1:9',
    outcome: { success: false, failure_status: 'Network error', api_lead_id: null, lead_url: null, client_url: null },
    duration_ms: 12,
  });
  const dialog = await openTest();
  await userEvent.click(within(dialog).getByRole('switch', { name: 'Dry run' }));
  await userEvent.click(within(dialog).getByTestId('integration-test-run'));

  const response = await within(dialog).findByTestId('integration-test-response');
  expect(response).toHaveTextContent('No response from the broker');
  expect(response).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:9');
  const outcome = within(dialog).getByTestId('integration-test-outcome');
  expect(within(outcome).getByText('No')).toBeInTheDocument();
  expect(outcome).toHaveTextContent('Network error');
});

test('the test action needs send.integration.update', async () => {
  renderPage(sentReply, ['send.integration.view']);
  const row = (await screen.findByText('Hub API')).closest('tr')!;
  await waitFor(() => expect(within(row).queryByRole('button', { name: 'Test' })).not.toBeInTheDocument());
});
